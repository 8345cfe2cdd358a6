import type { Location } from '@contracts/locations/api';
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { useUpdateLocation } from '../api/location-mutations';
import { locationEditValues, validateLocationEdit } from '../lib/location-form';

function EditLocationForm({ location, onClose }: { location: Location; onClose: () => void }) {
  const { values, errors, change, setErrors } = useFormFields(() => locationEditValues(location));
  const update = useUpdateLocation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLocationEdit(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { params: { id: location.id }, body: checked.data },
      {
        onSuccess: () => {
          notifySuccess('Local atualizado');
          onClose();
        },
        onError: (error) => notifyError('Erro ao atualizar local', error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome do local"
          value={values.nome}
          onChange={(event) => change({ ...values, nome: event.currentTarget.value })}
          error={errors.nome}
          maxLength={120}
          autoComplete="off"
          data-autofocus
          required
        />
        <Textarea
          label="Endereço"
          placeholder="Rua, número, bairro, cidade - UF"
          value={values.endereco}
          onChange={(event) => change({ ...values, endereco: event.currentTarget.value })}
          error={errors.endereco}
          maxLength={300}
          autosize
          minRows={2}
          maxRows={5}
        />
        <Switch
          label="Local ativo"
          description="Locais inativos continuam no histórico, mas não recebem novos agendamentos."
          checked={values.ativo}
          onChange={(event) => change({ ...values, ativo: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EditLocationDialog({
  location,
  opened,
  onClose,
}: {
  location: Location | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Editar local" centered>
      {location && <EditLocationForm key={location.id} location={location} onClose={onClose} />}
    </Modal>
  );
}
