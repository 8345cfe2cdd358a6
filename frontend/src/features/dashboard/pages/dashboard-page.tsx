import { Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { receivablesQuery } from '../../../entities/receivables';
import { dashboardQuery } from '../../../entities/dashboard';
import { formatCurrency } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { useMe } from '../../../entities/me';
import { greetingName } from '../lib/greeting-name';
import { upcomingLine } from '../lib/upcoming';
import classes from './dashboard-page.module.css';

function StatCard({ label, value, caption }: { label: string; value: number; caption: string }) {
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2} data-testid="stat-value">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Card>
  );
}

/**
 * 'A receber': pending charges and those past their due day, live (a 'charge' change refetches
 * it); a tap opens Cobranças on the overdue ones when there are any. A link named by what it reads
 * (a link may not be a group).
 */
function ReceivablesCard() {
  const receivables = useQuery(receivablesQuery());
  if (!receivables.data) return null;
  const { pendente, emAtraso } = receivables.data;
  const total = pendente.total + emAtraso.total;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`${paths.charges}?status=${emAtraso.quantidade > 0 ? 'em_atraso' : 'pendente'}`}
    >
      <Text size="sm" c="dimmed" fw={500}>
        A receber
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid="a-receber-total">
        {formatCurrency(total)}
      </Text>
      <Group gap="md" mt={4}>
        <Text size="sm" data-testid="a-receber-pendente">
          Pendente: {formatCurrency(pendente.total)} ({pendente.quantidade})
        </Text>
        <Text
          size="sm"
          c={emAtraso.quantidade > 0 ? 'red' : 'dimmed'}
          fw={emAtraso.quantidade > 0 ? 600 : undefined}
          data-testid="a-receber-atraso"
        >
          Em atraso: {formatCurrency(emAtraso.total)} ({emAtraso.quantidade})
        </Text>
      </Group>
    </Card>
  );
}

/** The trainer's dashboard (spec 000 §2): four counts, 'A receber' and the next 3 scheduled sessions, live. */
export function DashboardPage() {
  const { data: me } = useMe();
  // Refetched when a session, student or location changes anywhere in the tenant (realtime).
  const dashboard = useQuery(dashboardQuery());
  const now = new Date();

  return (
    <>
      <PageHeader
        title={me ? `Olá, ${greetingName(me.nome, me.email)}!` : 'Olá!'}
        description="Previsto × recebido e reserva sugerida"
      />
      {dashboard.isPending ? (
        <Group justify="center" py="xl" role="status" aria-label="Carregando...">
          <Loader />
        </Group>
      ) : dashboard.isError ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text c="red">Erro ao carregar o painel</Text>
          <Button size="xs" variant="default" onClick={() => void dashboard.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      ) : (
        <Stack gap="lg">
          <Box className={classes.stats}>
            <StatCard label="Hoje" value={dashboard.data.hoje} caption="sessões agendadas" />
            <StatCard label="Esta Semana" value={dashboard.data.semana} caption="sessões programadas" />
            <StatCard label="Total de Alunos" value={dashboard.data.totalAlunos} caption="alunos cadastrados" />
            <StatCard label="Locais Ativos" value={dashboard.data.locaisAtivos} caption="locais de atendimento" />
          </Box>
          <ReceivablesCard />
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="proximas-sessoes">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="lg" id="proximas-sessoes">
                Próximas Sessões
              </Title>
              <Text component={Link} to={paths.agenda} size="sm" c="var(--mantine-color-anchor)">
                Ver agenda
              </Text>
            </Group>
            {dashboard.data.proximas.length === 0 ? (
              <Text c="dimmed" size="sm">
                Nenhuma sessão agendada
              </Text>
            ) : (
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {dashboard.data.proximas.map((session) => {
                  const line = upcomingLine(session, now);
                  return (
                    <Group key={line.id} component="li" gap="md" wrap="nowrap">
                      <Stack gap={0} align="center" miw={56}>
                        <Text fw={700}>{line.time}</Text>
                        <Text size="xs" c="dimmed">
                          {line.day}
                        </Text>
                      </Stack>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={500} truncate>
                          {line.student}
                        </Text>
                        <Text size="sm" c="dimmed" truncate>
                          {line.location}
                        </Text>
                      </Stack>
                    </Group>
                  );
                })}
              </Stack>
            )}
          </Card>
        </Stack>
      )}
    </>
  );
}
