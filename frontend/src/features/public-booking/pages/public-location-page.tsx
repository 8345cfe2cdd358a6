import { UnderConstructionPage } from '../../../components/under-construction';

export function PublicLocationPage() {
  return <UnderConstructionPage title="Agende seu treino" />;
}
