import type { Plan } from '@contracts/plans/api';
import { type Student, studentsApi } from '@contracts/students/api';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { creditsLabel } from '../../../components/credit-badge';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { invalidateAfter } from '../../../entities/operation';
import { studentsKey } from '../../../entities/students';
import { grantCredits, removeCredits } from '../api/student-mutations';
import { renewalReason, undoneRenewalReason } from '../lib/renewal';

interface Renewal {
  student: Pick<Student, 'id' | 'nome'>;
  plan: Pick<Plan, 'nome' | 'creditos'>;
}

const renewKey = [...studentsKey, 'renew'] as const;
/** Long enough to notice a wrong tap and take it back. */
const UNDO_WINDOW_MS = 10_000;

/**
 * Renovar (spec 001 §4): asks first ('+8 créditos para Bruno Lima?'), then grants the plan's
 * credits with the reason 'Renovação do plano {nome}' and shows a toast whose 'Desfazer' removes
 * exactly those credits. One mutation for a whole page: each renewal gets its own toast, and
 * `renewingIds` says which students are waiting. Render `dialog` once on the page.
 */
export function useRenewPlan() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Renewal | null>(null);
  const refresh = () => invalidateAfter(queryClient, studentsApi.grantCredits);

  const undo = async ({ student, plan }: Renewal) => {
    try {
      await removeCredits({
        params: { id: student.id },
        body: { amount: plan.creditos, motivo: undoneRenewalReason(plan) },
      });
      notifySuccess('Renovação desfeita', `${creditsLabel(plan.creditos)} removidos de ${student.nome}.`);
    } catch (error) {
      notifyError('Erro ao desfazer a renovação', error);
    }
    await refresh();
  };

  const mutation = useMutation({
    mutationKey: renewKey,
    mutationFn: ({ student, plan }: Renewal) =>
      grantCredits({ params: { id: student.id }, body: { amount: plan.creditos, reason: renewalReason(plan) } }),
    onSuccess: (_answer, renewal) => {
      const id = `renovacao-${renewal.student.id}-${Date.now()}`;
      notifications.show({
        id,
        color: 'teal',
        title: 'Plano renovado',
        autoClose: UNDO_WINDOW_MS,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" style={{ flex: 1 }}>
              {creditsLabel(renewal.plan.creditos)} adicionados para {renewal.student.nome}.
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              style={{ flexShrink: 0 }}
              onClick={() => {
                notifications.hide(id);
                void undo(renewal);
              }}
            >
              Desfazer
            </Button>
          </Group>
        ),
      });
      return refresh();
    },
    onError: (error) => notifyError('Erro ao atualizar aluno', error),
  });
  const renewingIds = useMutationState({
    filters: { mutationKey: renewKey, status: 'pending' },
    select: (pending) => (pending.state.variables as Renewal).student.id,
  });

  const dialog = (
    <ConfirmDialog
      opened={asking !== null}
      onClose={() => setAsking(null)}
      title="Renovar plano"
      confirmLabel="Confirmar"
      confirmColor="teal"
      pending={false}
      onConfirm={() => {
        if (asking) mutation.mutate(asking);
        setAsking(null);
      }}
    >
      {asking && (
        <Text>
          +{creditsLabel(asking.plan.creditos)} para {asking.student.nome}?
        </Text>
      )}
    </ConfirmDialog>
  );
  return { ask: (renewal: Renewal) => setAsking(renewal), renewingIds, dialog };
}
