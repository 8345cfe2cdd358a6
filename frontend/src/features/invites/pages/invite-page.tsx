import { UnderConstructionPage } from '../../../components/under-construction';

export function InvitePage() {
  return <UnderConstructionPage title="Criar sua conta" />;
}
