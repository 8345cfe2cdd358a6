import { UnderConstructionPage } from '../../../components/under-construction';

export function StudentsPage() {
  return <UnderConstructionPage title="Alunos" />;
}
