import { PageHeader } from '../../../components/page-header';
import { UnderConstruction } from '../../../components/under-construction';
import { useSession } from '../../../lib/session-store';
import { greetingName } from '../lib/greeting-name';

export function DashboardPage() {
  const profile = useSession((state) => state.profile);

  return (
    <>
      <PageHeader
        title={`Olá, ${greetingName(profile?.nome, profile?.email)}!`}
        description="Previsto × recebido e reserva sugerida"
      />
      <UnderConstruction />
    </>
  );
}
