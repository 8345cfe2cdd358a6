import type { Location } from '@contracts/locations/api';
import { RemoveDialog, RemoveDialogBody } from '../../../components/remove-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useRemoveLocation, useUpdateLocation } from '../api/location-mutations';

function RemoveLocationBody({ location, onClose }: { location: Location; onClose: () => void }) {
  const remove = useRemoveLocation();
  const inactivate = useUpdateLocation();
  return (
    <RemoveDialogBody
      question={
        <>
          Remover o local <strong>{location.nome}</strong>? Esta ação não pode ser desfeita.
        </>
      }
      remove={{
        run: (callbacks) => remove.mutate({ params: { id: location.id } }, callbacks),
        pending: remove.isPending,
        done: 'Local removido',
        failed: 'Erro ao remover local',
      }}
      instead={
        location.ativo
          ? {
              label: 'Inativar',
              hint: 'Inative o local: ele continua no histórico, mas não recebe novos agendamentos.',
              run: (callbacks) =>
                inactivate.mutate({ params: { id: location.id }, body: { ativo: false } }, callbacks),
              pending: inactivate.isPending,
              done: 'Local inativado',
              failed: 'Erro ao atualizar local',
            }
          : null
      }
      onClose={onClose}
    />
  );
}

export function RemoveLocationDialog({ location, opened, onClose }: TargetDialogProps<'location', Location>) {
  return (
    <RemoveDialog title="Remover local" opened={opened} onClose={onClose}>
      {location && <RemoveLocationBody key={location.id} location={location} onClose={onClose} />}
    </RemoveDialog>
  );
}
