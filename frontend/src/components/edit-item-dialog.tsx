import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { notifyOutcome } from '../lib/notify';
import { type Checked, type FieldsProps, useFormFields } from '../lib/use-form-fields';
import { FormActions } from './form-actions';

/** An update mutation from the entities layer: PATCH /:id with the checked body. */
interface UpdateOperation<D> {
  mutate: (input: { params: { id: string }; body: D }, callbacks: ReturnType<typeof notifyOutcome>) => void;
  isPending: boolean;
}

interface EditItemProps<Item extends { id: string }, T extends object, D> {
  /** The values the form starts from. */
  valuesOf: (item: Item) => T;
  check: (values: T) => Checked<T, D>;
  /** The item's fields, given the form; the first one carries data-autofocus. */
  fields: (form: FieldsProps<T>) => ReactNode;
  update: UpdateOperation<D>;
  /** The toast once saved, and the title of the error toast. */
  updated: string;
  failed: string;
  onClose: () => void;
}

function EditItemForm<Item extends { id: string }, T extends object, D>({
  item,
  valuesOf,
  check,
  fields,
  update,
  updated,
  failed,
  onClose,
}: EditItemProps<Item, T, D> & { item: Item }) {
  const { values, errors, change, submitWith } = useFormFields(() => valuesOf(item));
  const submit = submitWith(check, (body) =>
    update.mutate({ params: { id: item.id }, body }, notifyOutcome(updated, failed, onClose)),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {fields({ values, errors, onChange: change })}
        <FormActions onCancel={onClose} submitLabel="Salvar" pending={update.isPending} />
      </Stack>
    </form>
  );
}

/** 'Editar': an item's fields in a dialog, checked before they are sent; saved, a toast and closed. */
export function EditItemDialog<Item extends { id: string }, T extends object, D>({
  title,
  item,
  opened,
  ...form
}: EditItemProps<Item, T, D> & { title: string; item: Item | null; opened: boolean }) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} centered>
      {item && <EditItemForm key={item.id} item={item} {...form} />}
    </Modal>
  );
}
