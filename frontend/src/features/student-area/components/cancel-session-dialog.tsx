import { lateCancellationOf } from '@contracts/scheduling/api';
import type { StudentSession } from '@contracts/student-area/api';
import { Alert, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTimeInZone } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useCancelOwnSession } from '../api/student-area-mutations';

/** What cancelling now costs, said before the student confirms (the location's policy). */
function CancellationTerms({ session }: { session: StudentSession }) {
  const late = session.politica ? lateCancellationOf(session.politica, session.inicio, new Date()) : null;
  if (!late)
    return (
      <Text size="sm">
        {session.politica
          ? `Cancelamento sem custo: faltam mais de ${session.politica.cancelLimiteHoras} horas para a sessão.`
          : 'Cancelamento sem custo.'}
      </Text>
    );
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Cancelamento tardio">
      {`Faltam menos de ${late.cancelLimiteHoras} horas para a sessão.`}
      {late.burnsCredit && ' Pela política do local, 1 crédito será descontado do seu saldo.'}
      {late.taxaPercent > 0 && ` A política prevê taxa de ${late.taxaPercent}%.`}
      {!late.burnsCredit && late.taxaPercent === 0 && ' Pela política do local, nenhum crédito será descontado.'}
    </Alert>
  );
}

export function CancelSessionDialog({ session, opened, onClose }: TargetDialogProps<'session', StudentSession>) {
  const cancel = useCancelOwnSession();
  const confirm = () => {
    if (!session) return;
    cancel.mutate({ params: { id: session.id } }, {
      onSuccess: (answer) => {
        notifySuccess(
          'Sessão cancelada',
          answer.creditoQueimado ? '1 crédito foi descontado, conforme a política do local.' : 'Nenhum crédito foi descontado.',
        );
        onClose();
      },
      onError: (error) => notifyError('Erro ao cancelar sessão', error),
    });
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Cancelar sessão"
      backLabel="Voltar"
      confirmLabel="Cancelar sessão"
      onConfirm={confirm}
      pending={cancel.isPending}
    >
      {session && (
        <>
          <Text size="sm">
            Cancelar a sessão de <b>{formatDateTimeInZone(session.inicio)}</b>
            {session.locationNome ? ` em ${session.locationNome}` : ''}?
          </Text>
          <CancellationTerms session={session} />
        </>
      )}
    </ConfirmDialog>
  );
}
