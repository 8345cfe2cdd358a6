import type { Plan } from '@contracts/plans/api';
import { EditItemDialog } from '../../../components/edit-item-dialog';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { planFormValues, validatePlanForm } from '../lib/plan-form';
import { PlanFields } from './plan-fields';
import { useOperation } from '../../../entities/operation';
import { plansApi } from '@contracts/plans/api';

export function EditPlanDialog({ plan, opened, onClose }: TargetDialogProps<'plan', Plan>) {
  return (
    <EditItemDialog
      title="Editar plano"
      item={plan}
      opened={opened}
      onClose={onClose}
      valuesOf={planFormValues}
      // Spec 001 §2: saves only with a name and a value; the rest of the rules are the API's own.
      check={validatePlanForm}
      fields={(form) => <PlanFields {...form} autoFocus />}
      update={useOperation(plansApi.update)}
      updated="Plano atualizado"
      failed="Erro ao atualizar plano"
    />
  );
}
