import { UnderConstructionPage } from '../../../components/under-construction';

export function PlansPage() {
  return <UnderConstructionPage title="Planos" backTo="/ajustes" />;
}
