import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconCalendarEvent from '@tabler/icons-react/dist/esm/icons/IconCalendarEvent.mjs';
import IconCalendarPlus from '@tabler/icons-react/dist/esm/icons/IconCalendarPlus.mjs';
import IconFileText from '@tabler/icons-react/dist/esm/icons/IconFileText.mjs';
import IconUser from '@tabler/icons-react/dist/esm/icons/IconUser.mjs';
import { CreditBadge, isLowBalance } from '../../../components/credit-badge';
import { DeviceRemindersCard } from '../components/device-reminders-card';
import { CreditHistoryCard } from '../../../components/credit-history';
import { Loaded } from '../../../components/loaded';
import { PageHeader } from '../../../components/page-header';
import {  } from '../../../components/page-loader';
import {  } from '../../../lib/api-error';
import { paths } from '../../../config/paths';
import { formatDateTimeInZone } from '../../../lib/format';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { useQuery } from '@tanstack/react-query';
import { ownHistoryQuery, studentAreaQuery } from '../../../entities/student-area';
import { itemsOf } from '../../../lib/contract-query';
import { CancelSessionDialog } from '../components/cancel-session-dialog';
import { MyData } from '../components/my-data';
import { OwnContracts } from '../components/own-contracts';
import { PendingCharges } from '../components/pending-charges';
import type { StudentSession } from '@contracts/student-area/api';
import { Link } from 'react-router-dom';

function History() {
  const history = useQuery({ ...ownHistoryQuery(), select: itemsOf });
  return <CreditHistoryCard history={history} />;
}

/** /aluno: the student's own area (role aluno): balance, trainer, next sessions and credit history. */
export function StudentAreaPage() {
  const area = useQuery(studentAreaQuery());
  const cancelling = useDialogTarget<StudentSession>();
  const firstName = area.data?.nome.trim().split(/\s+/)[0];
  // The session as last read, not as it was when clicked: a policy changed since then is what the dialog says.
  const toCancel =
    area.data?.proximasSessoes.find((session) => session.id === cancelling.target?.id) ?? cancelling.target;

  return (
    <>
      <PageHeader title="Área do Aluno" description={firstName ? `Olá, ${firstName}!` : undefined} />
      <Loaded query={area} errorTitle="Erro ao carregar seus dados" failure="alert">
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Card>
                <Text size="sm" c="dimmed">
                  Seus créditos
                </Text>
                <Group mt={6} gap="sm">
                  <CreditBadge creditos={data.creditos} size="xl" />
                </Group>
                {isLowBalance(data.creditos) && (
                  <Group gap={6} mt="sm" wrap="nowrap" c="var(--mantine-color-yellow-light-color)">
                    <IconAlertTriangle size={16} style={{ flexShrink: 0 }} aria-hidden />
                    <Text size="sm">Saldo baixo: fale com seu personal para renovar o plano.</Text>
                  </Group>
                )}
              </Card>
              <Card>
                <Text size="sm" c="dimmed">
                  Seu personal
                </Text>
                <Group mt={6} gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
                    <IconUser size={18} />
                  </ThemeIcon>
                  <Text fw={600}>{data.trainer.nome}</Text>
                </Group>
                {data.trainer.telefone && (
                  <Button
                    component="a"
                    href={`https://wa.me/55${data.trainer.telefone}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    mt="sm"
                    size="xs"
                    color="green"
                    variant="light"
                    leftSection={<IconBrandWhatsapp size={16} />}
                  >
                    Falar no WhatsApp
                  </Button>
                )}
              </Card>
            </SimpleGrid>
            <Card>
              <Group justify="space-between" mb="sm" gap="sm">
                <Title order={2} fz="lg">
                  Próximas sessões
                </Title>
                <Button
                  component={Link}
                  to={paths.studentScheduling(data.trainer.slug)}
                  size="xs"
                  leftSection={<IconCalendarPlus size={16} />}
                >
                  Agendar treino
                </Button>
              </Group>
              {data.proximasSessoes.length === 0 ? (
                <Group gap="sm" wrap="nowrap">
                  <IconCalendarEvent
                    size={20}
                    color="var(--mantine-color-dimmed)"
                    aria-hidden
                    style={{ flexShrink: 0 }}
                  />
                  <Text size="sm" c="dimmed">
                    Nenhuma sessão agendada
                  </Text>
                </Group>
              ) : (
                <Stack gap="xs">
                  {data.proximasSessoes.map((session) => (
                    <Group key={session.id} justify="space-between" gap="sm" wrap="nowrap" data-testid="proxima-sessao">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600}>
                          {formatDateTimeInZone(session.inicio)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {session.locationNome ?? 'Local não encontrado'}
                        </Text>
                      </div>
                      <Button size="xs" variant="subtle" color="red" onClick={() => cancelling.open(session)}>
                        Cancelar
                      </Button>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
            {data.proximasSessoes.length > 0 && <DeviceRemindersCard />}
            {data.contratosPendentes > 0 && (
              <Alert color="blue" icon={<IconFileText size={18} />} title="Contratos para assinar">
                {data.contratosPendentes === 1
                  ? 'Você tem 1 contrato aguardando assinatura.'
                  : `Você tem ${data.contratosPendentes} contratos aguardando assinatura.`}
              </Alert>
            )}
            <PendingCharges charges={data.cobrancas} />
            <OwnContracts />
            <History />
            <MyData exclusaoPedidaEm={data.exclusaoPedidaEm} />
          </Stack>
        )}
      </Loaded>
      <CancelSessionDialog session={toCancel} opened={cancelling.opened} onClose={cancelling.close} />
    </>
  );
}
