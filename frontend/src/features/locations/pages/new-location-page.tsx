import { Button, Card, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { useCreateLocation } from '../api/location-mutations';
import { LocationFields } from '../components/location-fields';
import { emptyLocationForm, validateLocationForm } from '../lib/location-form';

export function NewLocationPage() {
  const navigate = useNavigate();
  const { values, errors, change, setErrors } = useFormFields(emptyLocationForm);
  const create = useCreateLocation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLocationForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate({ body: checked.data }, {
      onSuccess: () => {
        notifySuccess('Local criado');
        navigate(paths.locations);
      },
      onError: (error) => notifyError('Erro ao criar local', error),
    });
  };

  return (
    <>
      <PageHeader title="Novo Local" backTo={paths.locations} />
      <Card maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <LocationFields values={values} errors={errors} onChange={change} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={paths.locations}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Cadastrar Local
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
