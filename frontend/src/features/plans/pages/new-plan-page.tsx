import { UnderConstructionPage } from '../../../components/under-construction';

export function NewPlanPage() {
  return <UnderConstructionPage title="Novo Plano" backTo="/planos" />;
}
