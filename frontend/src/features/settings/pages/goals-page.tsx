import { UnderConstructionPage } from '../../../components/under-construction';

export function GoalsPage() {
  return <UnderConstructionPage title="Configurações" backTo="/ajustes" />;
}
