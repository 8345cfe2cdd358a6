import { UnderConstructionPage } from '../../../components/under-construction';

export function PublicTrainerPage() {
  return <UnderConstructionPage title="Agende seu treino" />;
}
