import { UnderConstructionPage } from '../../../components/under-construction';

export function SettingsPage() {
  return <UnderConstructionPage title="Ajustes" />;
}
