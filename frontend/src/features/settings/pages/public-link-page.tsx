import { UnderConstructionPage } from '../../../components/under-construction';

export function PublicLinkPage() {
  return <UnderConstructionPage title="Link Público" backTo="/ajustes" />;
}
