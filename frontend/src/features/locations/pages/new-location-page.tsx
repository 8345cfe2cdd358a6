import { UnderConstructionPage } from '../../../components/under-construction';

export function NewLocationPage() {
  return <UnderConstructionPage title="Novo Local" backTo="/locais" />;
}
