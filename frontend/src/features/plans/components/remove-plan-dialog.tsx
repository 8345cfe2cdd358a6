import type { Plan } from '@contracts/plans/api';
import { RemoveDialog, RemoveDialogBody } from '../../../components/remove-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useRemovePlan, useUpdatePlan } from '../api/plan-mutations';

function RemovePlanBody({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const remove = useRemovePlan();
  const archive = useUpdatePlan();
  return (
    <RemoveDialogBody
      question={
        <>
          Remover o plano <strong>{plan.nome}</strong>? Esta ação não pode ser desfeita.
        </>
      }
      remove={{
        run: (callbacks) => remove.mutate({ params: { id: plan.id } }, callbacks),
        pending: remove.isPending,
        done: 'Plano removido',
        failed: 'Erro ao remover plano',
      }}
      instead={
        plan.arquivado
          ? null
          : {
              label: 'Arquivar',
              hint: 'Arquive o plano: ele sai da lista e os alunos que já o têm continuam com ele.',
              run: (callbacks) => archive.mutate({ params: { id: plan.id }, body: { arquivado: true } }, callbacks),
              pending: archive.isPending,
              done: 'Plano arquivado',
              failed: 'Erro ao atualizar plano',
            }
      }
      onClose={onClose}
    />
  );
}

export function RemovePlanDialog({ plan, opened, onClose }: TargetDialogProps<'plan', Plan>) {
  return (
    <RemoveDialog title="Remover plano" opened={opened} onClose={onClose}>
      {plan && <RemovePlanBody key={plan.id} plan={plan} onClose={onClose} />}
    </RemoveDialog>
  );
}
