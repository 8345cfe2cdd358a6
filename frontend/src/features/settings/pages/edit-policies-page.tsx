import { UnderConstructionPage } from '../../../components/under-construction';

export function EditPoliciesPage() {
  return <UnderConstructionPage title="Editar Política" backTo="/ajustes/politicas" />;
}
