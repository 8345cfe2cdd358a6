import { FIRST_STEP_LABELS, FIRST_STEPS, type FirstStep } from '@contracts/scheduling/labels';
import { Box, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { receivablesQuery } from '../../../entities/receivables';
import { dashboardQuery } from '../../../entities/dashboard';
import { formatCurrency } from '../../../lib/currency';
import { paths, quickCreate } from '../../../config/paths';
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

/** Where each first step is done. */
const FIRST_STEP_LINKS: Record<FirstStep, string> = {
  local: paths.newLocation,
  plano: paths.newPlan,
  aluno: paths.newStudent,
  sessao: quickCreate.session,
  pix: paths.pixSettings,
};

/**
 * 'Primeiros passos': after the onboarding, the way forward from a dashboard of zeros. Each step is
 * ticked once its event happened (the server's first steps) and links to where it is done; the card
 * is gone once all are done.
 */
function FirstStepsCard({ done }: { done: Record<FirstStep, boolean> }) {
  if (FIRST_STEPS.every((step) => done[step])) return null;
  const count = FIRST_STEPS.filter((step) => done[step]).length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="primeiros-passos">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg" id="primeiros-passos">
          Primeiros passos
        </Title>
        <Text size="sm" c="dimmed">
          {count} de {FIRST_STEPS.length}
        </Text>
      </Group>
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {FIRST_STEPS.map((step, index) => (
          <li key={step}>
            <Link to={FIRST_STEP_LINKS[step]} className={classes.step} data-done={done[step] || undefined}>
              <Group gap="sm" wrap="nowrap" py={6}>
                <ThemeIcon
                  size={26}
                  radius="xl"
                  variant={done[step] ? 'filled' : 'light'}
                  color={done[step] ? 'teal' : 'gray'}
                  aria-hidden
                >
                  {done[step] ? <IconCheck size={16} /> : <Text size="sm" fw={700}>{index + 1}</Text>}
                </ThemeIcon>
                <Text fw={500} td={done[step] ? 'line-through' : undefined} c={done[step] ? 'dimmed' : undefined}>
                  {FIRST_STEP_LABELS[step]}
                </Text>
                {done[step] && <VisuallyHidden>(feito)</VisuallyHidden>}
              </Group>
            </Link>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * The trainer's dashboard (spec 000 §2): four counts, 'A receber', the students who asked to reschedule
 * ('Pedidos para remarcar', from the reminder's button) and the next 3 scheduled sessions, live.
 */
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
          <FirstStepsCard done={dashboard.data.primeirosPassos} />
          <Box className={classes.stats}>
            <StatCard label="Hoje" value={dashboard.data.hoje} caption="sessões agendadas" />
            <StatCard label="Esta Semana" value={dashboard.data.semana} caption="sessões programadas" />
            <StatCard label="Total de Alunos" value={dashboard.data.totalAlunos} caption="alunos cadastrados" />
            <StatCard label="Locais Ativos" value={dashboard.data.locaisAtivos} caption="locais de atendimento" />
          </Box>
          <ReceivablesCard />
          {dashboard.data.pedidosRemarcar.length > 0 && (
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="pedidos-remarcar">
              <Group justify="space-between" mb="sm">
                <Title order={2} fz="lg" id="pedidos-remarcar" c="orange.8">
                  Pedidos para remarcar
                </Title>
                <Text component={Link} to={paths.agenda} size="sm" c="var(--mantine-color-anchor)">
                  Ver agenda
                </Text>
              </Group>
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {dashboard.data.pedidosRemarcar.map((session) => {
                  const line = upcomingLine({ ...session, locationId: null, locationNome: null }, now);
                  return (
                    <Group key={line.id} component="li" gap="md" wrap="nowrap">
                      <Stack gap={0} align="center" miw={56}>
                        <Text fw={700}>{line.time}</Text>
                        <Text size="xs" c="dimmed">
                          {line.day}
                        </Text>
                      </Stack>
                      <Text fw={500} truncate>
                        {line.student}
                      </Text>
                    </Group>
                  );
                })}
              </Stack>
            </Card>
          )}
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
