import { PageHeader } from '../../../components/page-header';
import { UnderConstruction } from '../../../components/under-construction';
import { useMe } from '../../../lib/me';
import { greetingName } from '../lib/greeting-name';

export function DashboardPage() {
  const { data: me } = useMe();

  return (
    <>
      <PageHeader
        title={`Olá, ${greetingName(me?.nome, me?.email)}!`}
        description="Previsto × recebido e reserva sugerida"
      />
      <UnderConstruction />
    </>
  );
}
