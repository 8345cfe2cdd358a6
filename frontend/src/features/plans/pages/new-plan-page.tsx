import { NewItemPage } from '../../../components/new-item-page';
import { paths } from '../../../config/paths';
import { useCreatePlan } from '../api/plan-mutations';
import { PlanFields } from '../components/plan-fields';
import { emptyPlanForm, validatePlanForm } from '../lib/plan-form';

export function NewPlanPage() {
  return (
    <NewItemPage
      title="Novo Plano"
      listPath={paths.plans}
      empty={emptyPlanForm}
      check={validatePlanForm}
      fields={(form) => <PlanFields {...form} />}
      create={useCreatePlan()}
      created="Plano criado"
      failed="Erro ao criar plano"
      submitLabel="Cadastrar Plano"
    />
  );
}
