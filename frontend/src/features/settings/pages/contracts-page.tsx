import { UnderConstructionPage } from '../../../components/under-construction';

export function ContractsPage() {
  return <UnderConstructionPage title="Contratos e Termos" backTo="/ajustes" />;
}
