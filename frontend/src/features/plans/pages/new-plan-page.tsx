import { Button, Card, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { useCreatePlan } from '../api/plan-mutations';
import { PlanFields } from '../components/plan-fields';
import { emptyPlanForm, validatePlanForm } from '../lib/plan-form';

export function NewPlanPage() {
  const navigate = useNavigate();
  const { values, errors, change, setErrors } = useFormFields(emptyPlanForm);
  const create = useCreatePlan();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePlanForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate({ body: checked.data }, {
      onSuccess: () => {
        notifySuccess('Plano criado');
        navigate(paths.plans);
      },
      onError: (error) => notifyError('Erro ao criar plano', error),
    });
  };

  return (
    <>
      <PageHeader title="Novo Plano" backTo={paths.plans} />
      <Card maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <PlanFields values={values} errors={errors} onChange={change} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={paths.plans}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Cadastrar Plano
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
