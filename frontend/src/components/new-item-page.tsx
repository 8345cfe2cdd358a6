import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyOutcome } from '../lib/notify';
import { type Checked, type FieldsProps, useFormFields } from '../lib/use-form-fields';
import { FormActions } from './form-actions';
import { PageHeader } from './page-header';

/** A create mutation from the entities layer: POST with the checked body. */
interface CreateOperation<D> {
  mutate: (input: { body: D }, callbacks: ReturnType<typeof notifyOutcome>) => void;
  isPending: boolean;
}

/**
 * A page that registers one item of a list (a plan, a location): its fields in a card, checked
 * before they are sent; once created, a toast and back to the list.
 */
export function NewItemPage<T extends object, D>({
  title,
  listPath,
  empty,
  check,
  fields,
  create,
  created,
  failed,
  submitLabel,
}: {
  title: string;
  /** The list the page comes from and returns to. */
  listPath: string;
  empty: T;
  check: (values: T) => Checked<T, D>;
  fields: (form: FieldsProps<T>) => ReactNode;
  create: CreateOperation<D>;
  /** The toast once created, and the title of the error toast. */
  created: string;
  failed: string;
  submitLabel: string;
}) {
  const navigate = useNavigate();
  const { values, errors, change, submitWith } = useFormFields(empty);
  const submit = submitWith(check, (body) =>
    create.mutate({ body }, notifyOutcome(created, failed, () => void navigate(listPath))),
  );

  return (
    <>
      <PageHeader title={title} backTo={listPath} />
      <Card maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {fields({ values, errors, onChange: change })}
            <FormActions cancelTo={listPath} submitLabel={submitLabel} pending={create.isPending} />
          </Stack>
        </form>
      </Card>
    </>
  );
}
