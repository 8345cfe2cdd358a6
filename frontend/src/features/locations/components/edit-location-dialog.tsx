import type { Location } from '@contracts/locations/api';
import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { EditItemDialog } from '../../../components/edit-item-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import type { FieldsProps } from '../../../lib/use-form-fields';
import { useUpdateLocation } from '../api/location-mutations';
import { type LocationEditValues, locationEditValues, validateLocationEdit } from '../lib/location-form';

/** The edit dialog's fields: the name, the whole address as one text, active or not. */
function LocationEditFields({ values, errors, onChange }: FieldsProps<LocationEditValues>) {
  return (
    <Stack gap="md">
      <TextInput
        label="Nome do local"
        value={values.nome}
        onChange={(event) => onChange({ ...values, nome: event.currentTarget.value })}
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
        onChange={(event) => onChange({ ...values, endereco: event.currentTarget.value })}
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
        onChange={(event) => onChange({ ...values, ativo: event.currentTarget.checked })}
      />
    </Stack>
  );
}

export function EditLocationDialog({ location, opened, onClose }: TargetDialogProps<'location', Location>) {
  return (
    <EditItemDialog
      title="Editar local"
      item={location}
      opened={opened}
      onClose={onClose}
      valuesOf={locationEditValues}
      check={validateLocationEdit}
      fields={(form) => <LocationEditFields {...form} />}
      update={useUpdateLocation()}
      updated="Local atualizado"
      failed="Erro ao atualizar local"
    />
  );
}
