import { UnderConstructionPage } from '../../../components/under-construction';

export function LocationsPage() {
  return <UnderConstructionPage title="Locais" backTo="/ajustes" />;
}
