import type { Plan } from '@contracts/plans/api';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { useUpdatePlan } from '../api/plan-mutations';
import { planFormValues, validatePlanForm } from '../lib/plan-form';
import { PlanFields } from './plan-fields';

function EditPlanForm({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const { values, errors, change, setErrors } = useFormFields(() => planFormValues(plan));
  const update = useUpdatePlan();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 001 §2: saves only with a name and a value; the rest of the rules are the API's own.
    const checked = validatePlanForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { params: { id: plan.id }, body: checked.data },
      {
        onSuccess: () => {
          notifySuccess('Plano atualizado');
          onClose();
        },
        onError: (error) => notifyError('Erro ao atualizar plano', error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <PlanFields values={values} errors={errors} onChange={change} autoFocus />
        <Group justify="flex-end" gap="sm">
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

export function EditPlanDialog({ plan, opened, onClose }: { plan: Plan | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Editar plano" centered>
      {plan && <EditPlanForm key={plan.id} plan={plan} onClose={onClose} />}
    </Modal>
  );
}
