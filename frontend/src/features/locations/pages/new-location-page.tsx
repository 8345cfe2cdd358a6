import { Button, Card, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateLocation } from '../api/create-location';
import { LocationFields } from '../components/location-fields';
import { emptyLocationForm, validateLocationForm, type LocationFormErrors } from '../lib/location-form';

export function NewLocationPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyLocationForm);
  const [errors, setErrors] = useState<LocationFormErrors>({});
  const create = useCreateLocation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLocationForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
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
            <LocationFields values={values} errors={errors} onChange={setValues} />
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
