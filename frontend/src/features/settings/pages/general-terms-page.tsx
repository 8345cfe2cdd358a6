import { UnderConstructionPage } from '../../../components/under-construction';

export function GeneralTermsPage() {
  return <UnderConstructionPage title="Políticas e Termos Gerais" backTo="/ajustes" />;
}
