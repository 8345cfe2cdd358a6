import { UnderConstructionPage } from '../../../components/under-construction';

export function AuthPage() {
  return <UnderConstructionPage title="Entrar" />;
}
