import { NewItemPage } from '../../../components/new-item-page';
import { paths } from '../../../config/paths';
import { PlanFields } from '../components/plan-fields';
import { emptyPlanForm, validatePlanForm } from '../lib/plan-form';
import { useOperation } from '../../../entities/operation';
import { plansApi } from '@contracts/plans/api';

export function NewPlanPage() {
  return (
    <NewItemPage
      title="Novo Plano"
      listPath={paths.plans}
      empty={emptyPlanForm}
      check={validatePlanForm}
      fields={(form) => <PlanFields {...form} />}
      create={useOperation(plansApi.create)}
      created="Plano criado"
      failed="Erro ao criar plano"
      submitLabel="Cadastrar Plano"
    />
  );
}
