import { UnderConstructionPage } from '../../../components/under-construction';

export function NewStudentPage() {
  return <UnderConstructionPage title="Novo Aluno" backTo="/alunos" />;
}
