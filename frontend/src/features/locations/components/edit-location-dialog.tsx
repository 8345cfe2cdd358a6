import type { Location } from '@contracts/locations/api';
import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { EditItemDialog } from '../../../components/edit-item-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { checkboxField, type FieldsProps, textField } from '../../../lib/use-form-fields';
import { useUpdateLocation } from '../api/location-mutations';
import { type LocationEditValues, locationEditValues, validateLocationEdit } from '../lib/location-form';

/** The edit dialog's fields: the name, the whole address as one text, active or not. */
function LocationEditFields(form: FieldsProps<LocationEditValues>) {
  return (
    <Stack gap="md">
      <TextInput
        label="Nome do local"
        {...textField(form, 'nome')}
        maxLength={120}
        autoComplete="off"
        data-autofocus
        required
      />
      <Textarea
        label="Endereço"
        placeholder="Rua, número, bairro, cidade - UF"
        {...textField(form, 'endereco')}
        maxLength={300}
        autosize
        minRows={2}
        maxRows={5}
      />
      <Switch
        label="Local ativo"
        description="Locais inativos continuam no histórico, mas não recebem novos agendamentos."
        {...checkboxField(form, 'ativo')}
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
