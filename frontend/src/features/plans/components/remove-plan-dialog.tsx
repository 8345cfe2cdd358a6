import type { Plan } from '@contracts/plans/api';
import { RemoveDialog } from '../../../components/remove-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useOperation } from '../../../entities/operation';
import { plansApi } from '@contracts/plans/api';

export function RemovePlanDialog({ plan, opened, onClose }: TargetDialogProps<'plan', Plan>) {
  const remove = useOperation(plansApi.remove);
  const archive = useOperation(plansApi.update);
  return (
    <RemoveDialog
      title="Remover plano"
      item={plan}
      opened={opened}
      onClose={onClose}
      question={(target) => (
        <>
          Remover o plano <strong>{target.nome}</strong>? Esta ação não pode ser desfeita.
        </>
      )}
      remove={(target) => ({
        run: (callbacks) => remove.mutate({ params: { id: target.id } }, callbacks),
        pending: remove.isPending,
        done: 'Plano removido',
        failed: 'Erro ao remover plano',
      })}
      instead={(target) =>
        target.arquivado
          ? null
          : {
              label: 'Arquivar',
              hint: 'Arquive o plano: ele sai da lista e os alunos que já o têm continuam com ele.',
              run: (callbacks) =>
                archive.mutate({ params: { id: target.id }, body: { arquivado: true } }, callbacks),
              pending: archive.isPending,
              done: 'Plano arquivado',
              failed: 'Erro ao atualizar plano',
            }
      }
    />
  );
}
