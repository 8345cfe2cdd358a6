import { UnderConstructionPage } from '../../../components/under-construction';

export function StudentSchedulingPage() {
  return <UnderConstructionPage title="Agendamento do aluno" backTo="/agenda" />;
}
