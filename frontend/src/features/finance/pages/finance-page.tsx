import { UnderConstructionPage } from '../../../components/under-construction';

export function FinancePage() {
  return <UnderConstructionPage title="Financeiro" />;
}
