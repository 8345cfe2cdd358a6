import { lazy, Suspense } from 'react';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';

// Below the dashboard's own cards, outside the first screen's JavaScript budget. Asked for with
// this page, not when it first renders: the dashboard suspends until its data comes, and the card's
// chunk would only then be asked for, its download and render after everything else on the screen.
const remindersCard = import('../features/reminders/components/tomorrow-reminders-card');
// A failed download is the card's to show when it renders, not an unhandled rejection before.
remindersCard.catch(() => undefined);
const TomorrowRemindersCard = lazy(() =>
  remindersCard.then((m) => ({ default: m.TomorrowRemindersCard })),
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
