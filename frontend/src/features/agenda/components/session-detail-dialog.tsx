import type { Location } from '@contracts/locations/api';
import {
  lateCancellationOf,
  sessionLocationLabel,
  SESSION_STATUS_LABELS,
  SESSION_STATUSES,
  type Session,
  type SessionStatus,
  STUDENT_NOT_FOUND_LABEL,
  sessionsApi,
  reminderStateLabel,
  RESCHEDULE_REQUESTED_LABEL,
} from '@contracts/scheduling/api';
import type { Student } from '@contracts/students/api';
import { lateCancelFeeCentavos } from '@contracts/plans/api';
import { toCentavos } from '@contracts/shared/money';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { plansQuery } from '../../../entities/plans';
import { itemsOf } from '../../../lib/contract-query';
import { formatCurrency, formatPt, sentenceCase } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { dayOf, STATUS_COLORS, timeOf } from '../lib/calendar';
import { asksToReschedule, isPending } from './calendar-views';
import { notifyWarning } from './session-form-dialog';
import { creditsLabel } from '../../../components/credit-badge';
import { useOperation } from '../../../entities/operation';

function Detail({
  session,
  student,
  location,
  onEdit,
  onClose,
}: {
  session: Session;
  student: Student | undefined;
  location: Location | undefined;
  onEdit: (session: Session) => void;
  onClose: () => void;
}) {
  const change = useOperation(sessionsApi.change);
  const remove = useOperation(sessionsApi.remove);
  const [removing, setRemoving] = useState(false);
  const [scope, setScope] = useState<'one' | 'following'>('one');
  // The location's policy, read now: cancelling this late may burn one of the student's credits
  // and charge the fee (its percent of the value per credit of the student's plan).
  const late =
    location && session.status !== 'cancelada'
      ? lateCancellationOf(location, session.inicio, new Date())
      : null;
  const charging = late !== null && late.taxaPercent > 0 && Boolean(student?.planoId);
  const plans = useQuery({
    ...plansQuery({ withArchived: true }),
    select: itemsOf,
    enabled: charging,
  });
  const plan = charging
    ? plans.data?.find((candidate) => candidate.id === student?.planoId)
    : undefined;
  const fee =
    plan && late
      ? lateCancelFeeCentavos(toCentavos(plan.valorPorCredito), late.taxaPercent) / 100
      : 0;
  const burns = late?.burnsCredit === true;
  const costly = late !== null && (burns || fee > 0);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const nome = session.studentNome ?? 'aluno';

  const applyStatus = (status: SessionStatus) =>
    change.mutate(
      { params: { id: session.id }, body: { status } },
      {
        onSuccess: (answer) => {
          setConfirmingCancel(false);
          notifySuccess('Agendamento atualizado com sucesso!');
          notifyWarning(answer.warning);
          if (status === 'cancelada' && costly)
            notifications.show({
              color: 'orange',
              title: 'Cancelamento tardio',
              message: [
                burns &&
                  `1 crédito de ${nome} foi queimado (menos de ${late.cancelLimiteHoras} h de antecedência).`,
                fee > 0 && `Taxa de cancelamento de ${formatCurrency(fee)} cobrada de ${nome}.`,
              ]
                .filter(Boolean)
                .join(' '),
            });
        },
        onError: (error) => notifyError('Erro ao atualizar agendamento', error),
      },
    );
  // A late cancel says what it costs and waits for a yes.
  const setStatus = (status: SessionStatus) => {
    if (status === session.status) return;
    if (status === 'cancelada' && costly) setConfirmingCancel(true);
    else applyStatus(status);
  };

  const confirmBooking = () =>
    change.mutate(
      { params: { id: session.id }, body: { confirmado: true } },
      {
        onSuccess: () =>
          notifySuccess(
            'Agendamento confirmado',
            `${session.studentNome ?? 'O aluno'} está na sua agenda.`,
          ),
        onError: (error) => notifyError('Erro ao confirmar agendamento', error),
      },
    );
  const decline = () =>
    remove.mutateAsync({ params: { id: session.id }, query: {} }).then(
      () => {
        notifySuccess('Agendamento recusado', 'O horário ficou livre.');
        onClose();
      },
      (error: unknown) => notifyError('Erro ao recusar agendamento', error),
    );

  // mutateAsync: once the agenda is read again the session, and this dialog, are gone; the toast still shows.
  const confirmRemove = () =>
    remove
      .mutateAsync({ params: { id: session.id }, query: session.seriesId ? { scope } : {} })
      .then(
        () => {
          notifySuccess('Agendamento excluído', 'O agendamento foi removido com sucesso.');
          onClose();
        },
        () =>
          notifications.show({
            color: 'red',
            title: 'Erro',
            message: 'Não foi possível excluir o agendamento.',
          }),
      );

  const day = dayOf(session.inicio);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg">
            {session.studentNome ?? STUDENT_NOT_FOUND_LABEL}
          </Text>
          {student && (
            <Text
              size="sm"
              c={student.creditos > 0 ? 'dimmed' : 'red'}
              aria-label="Saldo de créditos"
            >
              {creditsLabel(student.creditos)}
            </Text>
          )}
        </Stack>
        <Badge color={STATUS_COLORS[session.status]} variant="filled">
          {SESSION_STATUS_LABELS[session.status]}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Text size="sm">{sentenceCase(formatPt(day, "EEEE, d 'de' MMMM 'de' yyyy"))}</Text>
        <Text size="sm" fw={600}>
          {timeOf(session.inicio)}–{timeOf(session.fim)}
        </Text>
        <Text size="sm" c="dimmed">
          {sessionLocationLabel(session)}
        </Text>
        {session.seriesId && (
          <Text size="xs" c="dimmed">
            Repete semanalmente
          </Text>
        )}
        {session.observacoes && <Text size="sm">{session.observacoes}</Text>}
        {reminderStateLabel(session) && (
          <Text
            size="sm"
            c={session.confirmadoPeloAluno ? 'teal' : 'dimmed'}
            fw={session.confirmadoPeloAluno ? 600 : undefined}
          >
            {reminderStateLabel(session)}
          </Text>
        )}
      </Stack>

      {asksToReschedule(session) && (
        <Alert color="orange" variant="light" title={RESCHEDULE_REQUESTED_LABEL} role="status">
          <Text size="sm">
            {session.studentNome ?? 'O aluno'} tocou em ‘Preciso remarcar’ no lembrete do WhatsApp.
            Combine um novo horário e arraste a sessão na agenda, ou altere o horário aqui.
          </Text>
        </Alert>
      )}

      {isPending(session) && (
        <Alert color="orange" variant="light" title="A confirmar" role="status">
          <Stack gap="sm">
            <Text size="sm">
              Agendado pela sua página pública. Confirme para manter o horário, ou recuse para
              liberá-lo.
            </Text>
            {session.nomeInformado && (
              <Text size="sm" fw={600}>
                Agendado como “{session.nomeInformado}” com o telefone de{' '}
                {session.studentNome ?? STUDENT_NOT_FOUND_LABEL}.
              </Text>
            )}
            <Group gap="sm">
              <Button size="xs" color="teal" onClick={confirmBooking} loading={change.isPending}>
                Confirmar
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={() => void decline()}
                loading={remove.isPending}
              >
                Recusar
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <Stack gap={6}>
        <Text size="sm" fw={500} id="session-status-label">
          Status
        </Text>
        <SegmentedControl
          aria-labelledby="session-status-label"
          value={session.status}
          onChange={(value) => setStatus(value as SessionStatus)}
          data={SESSION_STATUSES.map((status) => ({
            value: status,
            label: SESSION_STATUS_LABELS[status],
          }))}
          disabled={change.isPending}
          fullWidth
        />
        {costly && (
          <Text size="xs" c="orange">
            {burns && fee > 0
              ? `Cancelar agora queima 1 crédito do aluno e cobra a taxa de cancelamento de ${formatCurrency(fee)}`
              : burns
                ? 'Cancelar agora queima 1 crédito do aluno'
                : `Cancelar agora cobra a taxa de cancelamento de ${formatCurrency(fee)}`}{' '}
            (menos de {late.cancelLimiteHoras} h de antecedência).
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title="Cancelamento tardio"
        backLabel="Voltar"
        confirmLabel="Cancelar sessão"
        onConfirm={() => applyStatus('cancelada')}
        pending={change.isPending}
      >
        {late && (
          <Stack gap="xs">
            <Text size="sm">
              Faltam menos de {late.cancelLimiteHoras} h para a sessão de {nome}. Pela política do
              local, cancelar agora:
            </Text>
            <List size="sm">
              {burns && <List.Item>queima 1 crédito do aluno;</List.Item>}
              {fee > 0 && (
                <List.Item>
                  cobra a taxa de cancelamento de <b>{formatCurrency(fee)}</b> ({late.taxaPercent}%
                  do valor da aula), que fica pendente em Cobranças.
                </List.Item>
              )}
            </List>
          </Stack>
        )}
      </ConfirmDialog>

      {removing ? (
        <Alert color="red" variant="light" title="Excluir agendamento?" role="alert">
          <Stack gap="sm">
            <Text size="sm">O horário fica livre. Esta ação não pode ser desfeita.</Text>
            {session.seriesId && (
              <Radio.Group
                value={scope}
                onChange={(value) => setScope(value as 'one' | 'following')}
                aria-label="Excluir"
              >
                <Group gap="md">
                  <Radio value="one" label="Só esta" />
                  <Radio value="following" label="Esta e as próximas" />
                </Group>
              </Radio.Group>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" onClick={() => setRemoving(false)}>
                Voltar
              </Button>
              <Button color="red" size="xs" onClick={confirmRemove} loading={remove.isPending}>
                Excluir
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
            Excluir
          </Button>
          <Button variant="default" onClick={() => onEdit(session)}>
            Editar
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export interface SessionDetailDialogProps {
  session: Session | null;
  student: Student | undefined;
  location: Location | undefined;
  opened: boolean;
  onClose: () => void;
  onEdit: (session: Session) => void;
}

/** The session's detail (spec 000 §2): its status changed in place, edit and delete. */
export function SessionDetailDialog({
  session,
  student,
  location,
  opened,
  onClose,
  onEdit,
}: SessionDetailDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Agendamento" centered>
      {session && (
        <Detail
          key={session.id}
          session={session}
          student={student}
          location={location}
          onEdit={onEdit}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
