import type { Location } from '@contracts/locations/api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRemoveLocation, useUpdateLocation } from '../api/location-mutations';

function RemoveLocationBody({ location, onClose }: { location: Location; onClose: () => void }) {
  const remove = useRemoveLocation();
  const inactivate = useUpdateLocation();
  /** The API's answer when sessions use the location (409 has_links). */
  const [conflict, setConflict] = useState<string | null>(null);

  const confirm = () =>
    remove.mutate({ params: { id: location.id } }, {
      onSuccess: () => {
        notifySuccess('Local removido');
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 'has_links')) setConflict(error.message);
        else notifyError('Erro ao remover local', error);
      },
    });

  const inactivateInstead = () =>
    inactivate.mutate(
      { params: { id: location.id }, body: { ativo: false } },
      {
        onSuccess: () => {
          notifySuccess('Local inativado');
          onClose();
        },
        onError: (error) => notifyError('Erro ao atualizar local', error),
      },
    );

  return (
    <Stack gap="lg">
      <Text size="sm">
        Remover o local <strong>{location.nome}</strong>? Esta ação não pode ser desfeita.
      </Text>
      {conflict && (
        <Alert color="yellow" variant="light" title="Não foi possível remover" role="alert">
          <Stack gap={6}>
            <Text size="sm">{conflict}</Text>
            {location.ativo && (
              <Text size="sm">Inative o local: ele continua no histórico, mas não recebe novos agendamentos.</Text>
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        {conflict ? (
          location.ativo && (
            <Button onClick={inactivateInstead} loading={inactivate.isPending} data-autofocus>
              Inativar
            </Button>
          )
        ) : (
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Remover
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function RemoveLocationDialog({
  location,
  opened,
  onClose,
}: {
  location: Location | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Remover local" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {location && <RemoveLocationBody key={location.id} location={location} onClose={onClose} />}
    </Modal>
  );
}
