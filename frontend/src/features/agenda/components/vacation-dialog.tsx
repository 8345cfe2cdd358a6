import {
  type Session,
  type VacationInput,
  vacationRange,
  vacationSchema,
  agendaSettingsApi,
  sessionsApi,
} from '@contracts/scheduling/api';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormActions } from '../../../components/form-actions';
import { APP_TIME_ZONE, formatDate, formatDateTimeInZone } from '../../../lib/format';
import { sessionsQuery } from '../../../entities/sessions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { useQuery } from '@tanstack/react-query';
import { vacationsQuery } from '../../../entities/vacations';
import { itemsOf } from '../../../lib/contract-query';
import { useState } from 'react';
import { useOperation } from '../../../entities/operation';

const range = (startDate: string, endDate: string) =>
  `${formatDate(startDate)} a ${formatDate(endDate)}`;

/**
 * The sessions still booked inside a vacation just made: it blocks new bookings, not the ones
 * already there, so each is listed to cancel or to move ('Remarcar' opens its form).
 */
function BookedInVacation({
  period,
  onReschedule,
}: {
  period: VacationInput;
  onReschedule: (session: Session) => void;
}) {
  const range = vacationRange(period, APP_TIME_ZONE);
  const sessions = useQuery({
    ...sessionsQuery({ from: range.from.toISOString(), to: range.to.toISOString() }),
    select: (answer) => answer.items.filter((session) => session.status === 'agendada'),
  });
  const change = useOperation(sessionsApi.change);
  if (!sessions.data) return null;
  if (sessions.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhuma sessão agendada neste período.
      </Text>
    );
  return (
    <Stack gap="xs" component="section" aria-labelledby="booked-in-vacation">
      <Alert
        color="orange"
        variant="light"
        id="booked-in-vacation"
        title={`${sessions.data.length === 1 ? '1 sessão já agendada' : `${sessions.data.length} sessões já agendadas`} neste período`}
      >
        As férias não cancelam o que já estava marcado: cancele ou remarque cada uma.
      </Alert>
      <Stack gap="xs" role="list">
        {sessions.data.map((session) => (
          <Group
            key={session.id}
            justify="space-between"
            wrap="nowrap"
            role="listitem"
            aria-label={`${session.studentNome ?? 'Aluno'}, ${formatDateTimeInZone(session.inicio)}`}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {session.studentNome}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTimeInZone(session.inicio)}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => onReschedule(session)}>
                Remarcar
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={change.isPending && change.variables?.params.id === session.id}
                onClick={() =>
                  change.mutate(
                    { params: { id: session.id }, body: { status: 'cancelada' } },
                    {
                      onSuccess: () =>
                        notifySuccess(
                          'Sessão cancelada',
                          `Sessão de ${formatDateTimeInZone(session.inicio)} cancelada.`,
                        ),
                      onError: (error) => notifyError('Erro ao cancelar sessão', error),
                    },
                  )
                }
              >
                Cancelar
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * 'Modo Férias' (spec 000 §2): a period with no booking, and the active ones with a remove action.
 * Once a period is made, the sessions already booked inside it are listed to cancel or move.
 */
export function VacationDialog({
  opened,
  onClose,
  onReschedule,
}: {
  opened: boolean;
  onClose: () => void;
  onReschedule: (session: Session) => void;
}) {
  const vacations = useQuery({ ...vacationsQuery(), select: itemsOf, enabled: opened });
  const start = useOperation(agendaSettingsApi.startVacation);
  const end = useOperation(agendaSettingsApi.endVacation);
  const [made, setMade] = useState<VacationInput | null>(null);
  const { values, change, field } = useFormFields({ startDate: '', endDate: '', description: '' });

  const submit = () => {
    // Spec 000 §5.
    if (!values.startDate || !values.endDate) {
      notifications.show({
        color: 'red',
        title: 'Campos obrigatórios',
        message: 'Preencha as datas de início e término.',
      });
      return;
    }
    const parsed = vacationSchema.safeParse({ ...values, description: values.description || null });
    if (!parsed.success) {
      notifications.show({
        color: 'red',
        title: 'Datas inválidas',
        message: parsed.error.issues[0].message,
      });
      return;
    }
    start.mutate(
      { body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(
            'Modo férias ativado',
            `Agenda bloqueada de ${range(parsed.data.startDate, parsed.data.endDate)}.`,
          );
          change({ startDate: '', endDate: '', description: '' });
          setMade(parsed.data);
        },
        onError: (error) => notifyError('Erro ao ativar férias', error),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setMade(null);
        onClose();
      }}
      title="Modo Férias"
      centered
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          Nenhum agendamento pode ser criado durante um período bloqueado.
        </Alert>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput type="date" label="Data de início" {...field('startDate')} />
          <TextInput type="date" label="Data de término" {...field('endDate')} />
        </SimpleGrid>
        <TextInput
          label="Descrição"
          placeholder="Opcional"
          maxLength={200}
          {...field('description')}
        />
        <FormActions
          submitLabel="Ativar férias"
          onSubmit={submit}
          pending={start.isPending}
          gap="md"
        />
        {made && <BookedInVacation period={made} onReschedule={onReschedule} />}
        <Stack gap="xs">
          <Text fw={600} size="sm" id="active-vacations">
            Períodos ativos
          </Text>
          {vacations.data && vacations.data.length === 0 && (
            <Text size="sm" c="dimmed">
              Nenhum período de férias ativo.
            </Text>
          )}
          <Stack gap="xs" role="list" aria-labelledby="active-vacations">
            {vacations.data?.map((vacation) => (
              <Group key={vacation.id} justify="space-between" wrap="nowrap" role="listitem">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {range(vacation.startDate, vacation.endDate)}
                  </Text>
                  {vacation.description && (
                    <Text size="xs" c="dimmed" truncate>
                      {vacation.description}
                    </Text>
                  )}
                </Stack>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remover ${range(vacation.startDate, vacation.endDate)}`}
                  loading={end.isPending && end.variables?.params.id === vacation.id}
                  onClick={() =>
                    end.mutate(
                      { params: { id: vacation.id } },
                      {
                        onSuccess: () =>
                          notifySuccess('Período removido', 'O bloqueio foi desativado.'),
                        onError: (error) => notifyError('Erro', error),
                      },
                    )
                  }
                >
                  Remover
                </Button>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Modal>
  );
}
