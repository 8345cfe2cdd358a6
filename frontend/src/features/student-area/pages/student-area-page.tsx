import { UnderConstructionPage } from '../../../components/under-construction';

export function StudentAreaPage() {
  return <UnderConstructionPage title="Área do Aluno" />;
}
