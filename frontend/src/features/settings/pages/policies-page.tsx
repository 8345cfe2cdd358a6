import { UnderConstructionPage } from '../../../components/under-construction';

export function PoliciesPage() {
  return <UnderConstructionPage title="Políticas de Cancelamento" backTo="/ajustes" />;
}
