import { UnderConstructionPage } from '../../../components/under-construction';

export function AgendaPage() {
  return <UnderConstructionPage title="Agenda" />;
}
