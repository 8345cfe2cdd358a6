import type { Location } from '@contracts/locations/api';
import { Stack, Switch } from '@mantine/core';
import { EditItemDialog } from '../../../components/edit-item-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { checkboxField, type FieldsProps } from '../../../lib/use-form-fields';
import {
  type LocationEditValues,
  locationEditValues,
  type LocationFormValues,
  validateLocationEdit,
} from '../lib/location-form';
import { LocationFields } from './location-fields';
import { useOperation } from '../../../entities/operation';
import { locationsApi } from '@contracts/locations/api';

/** The edit dialog's fields: the new-location form's (name, CEP looked up, the address in parts), then active or not. */
function LocationEditFields(form: FieldsProps<LocationEditValues>) {
  const address: FieldsProps<LocationFormValues> = {
    values: form.values,
    errors: form.errors,
    onChange: (update) =>
      form.onChange((current) => ({
        ...current,
        ...(typeof update === 'function' ? update(current) : update),
      })),
  };
  return (
    <Stack gap="md">
      <LocationFields {...address} />
      <Switch
        label="Local ativo"
        description="Locais inativos continuam no histórico, mas não recebem novos agendamentos."
        {...checkboxField(form, 'ativo')}
      />
    </Stack>
  );
}

export function EditLocationDialog({
  location,
  opened,
  onClose,
}: TargetDialogProps<'location', Location>) {
  return (
    <EditItemDialog
      title="Editar local"
      item={location}
      opened={opened}
      onClose={onClose}
      valuesOf={locationEditValues}
      check={validateLocationEdit}
      fields={(form) => <LocationEditFields {...form} />}
      update={useOperation(locationsApi.update)}
      updated="Local atualizado"
      failed="Erro ao atualizar local"
    />
  );
}
