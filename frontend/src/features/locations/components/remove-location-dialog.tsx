import type { Location } from '@contracts/locations/api';
import { RemoveDialog } from '../../../components/remove-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useOperation } from '../../../entities/operation';
import { locationsApi } from '@contracts/locations/api';

export function RemoveLocationDialog({
  location,
  opened,
  onClose,
}: TargetDialogProps<'location', Location>) {
  const remove = useOperation(locationsApi.remove);
  const inactivate = useOperation(locationsApi.update);
  return (
    <RemoveDialog
      title="Remover local"
      item={location}
      opened={opened}
      onClose={onClose}
      question={(target) => (
        <>
          Remover o local <strong>{target.nome}</strong>? Esta ação não pode ser desfeita.
        </>
      )}
      remove={(target) => ({
        run: (callbacks) => remove.mutate({ params: { id: target.id } }, callbacks),
        pending: remove.isPending,
        done: 'Local removido',
        failed: 'Erro ao remover local',
      })}
      instead={(target) =>
        target.ativo
          ? {
              label: 'Inativar',
              hint: 'Inative o local: ele continua no histórico, mas não recebe novos agendamentos.',
              run: (callbacks) =>
                inactivate.mutate({ params: { id: target.id }, body: { ativo: false } }, callbacks),
              pending: inactivate.isPending,
              done: 'Local inativado',
              failed: 'Erro ao atualizar local',
            }
          : null
      }
    />
  );
}
