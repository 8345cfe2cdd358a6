import { lazy, Suspense } from 'react';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';

// Below the dashboard's own cards: loaded after them, outside the first screen's JavaScript budget.
const TomorrowRemindersCard = lazy(() =>
  import('../features/reminders/components/tomorrow-reminders-card').then((m) => ({ default: m.TomorrowRemindersCard })),
);

/** `/`: the dashboard, then the reminders' 'Lembretes de amanhã' (two features that do not know each other). */
export function HomePage() {
  return (
    <>
      <DashboardPage />
      <Suspense fallback={null}>
        <TomorrowRemindersCard />
      </Suspense>
    </>
  );
}
