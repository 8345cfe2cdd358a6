import { UnderConstructionPage } from '../../../components/under-construction';

export function EditStudentPage() {
  return <UnderConstructionPage title="Editar Aluno" backTo="/alunos" />;
}
