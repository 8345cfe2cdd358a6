import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useMe } from '../../entities/me';
import { useWorkingOffline } from '../../lib/use-working-offline';
import { useRealtimeInvalidation } from '../../lib/realtime';
import { useLatched } from '../../lib/use-latched';
import { BottomNav } from './bottom-nav';
import { MobileHeader } from './mobile-header';
import { QuickActions } from './quick-actions';
import classes from './shell.module.css';
import { SidebarProvider, useSidebar } from './sidebar-state';

/** Which queries each realtime change makes stale: fetched with the socket client, after the page shows. */
const loadInvalidationMap = () => import('../../entities/changes').then((module) => module.invalidatedByChange);

/** Fetched only for a trainer who still has to do it. */
const OnboardingDialog = lazy(() =>
  import('../../features/onboarding/components/onboarding-dialog').then((module) => ({ default: module.OnboardingDialog })),
);

/** 'Cobrança Online' over any page (`?cobranca=`): fetched only when a charge is being made. */
const ChargeDialogHost = lazy(() => import('./charge-dialog-host').then((module) => ({ default: module.ChargeDialogHost })));

/**
 * The desktop navigation (>= 48em, shell.module.css), fetched only there: a phone never shows it, and
 * its tooltips brought the floating-positioning library into the phone's first screen.
 */
const Sidebar = lazy(() => import('./sidebar').then((module) => ({ default: module.Sidebar })));
const DESKTOP = '(min-width: 48em)';

/** Fetched (or taken from the service worker's cache) only when the network is gone. */
const OfflineBanner = lazy(() =>
  import('../../components/offline-banner').then((module) => ({ default: module.OfflineBanner })),
);

const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_ICON_WIDTH = '3rem';

function ShellFrame() {
  const { expanded } = useSidebar();
  useRealtimeInvalidation(loadInvalidationMap);
  const onboarding = useLatched(useMe().data?.onboardingRequired ?? false);
  const offline = useWorkingOffline();
  const charging = useLocation().search.includes('cobranca=');
  // Read at the first render (not in an effect): a desktop does not draw its first frame without it.
  const desktop = useMediaQuery(DESKTOP, undefined, { getInitialValueInEffect: false });
  const style = { '--sidebar-width': expanded ? SIDEBAR_WIDTH : SIDEBAR_ICON_WIDTH } as CSSProperties;

  return (
    <div className={classes.shell} style={style}>
      {desktop && (
        <Suspense fallback={null}>
          <Sidebar />
        </Suspense>
      )}
      <div className={classes.main}>
        <MobileHeader />
        <main className={classes.content}>
          {offline && (
            <Suspense fallback={null}>
              <OfflineBanner />
            </Suspense>
          )}
          <Outlet />
        </main>
      </div>
      <BottomNav />
      <QuickActions />
      {charging && (
        <Suspense fallback={null}>
          <ChargeDialogHost />
        </Suspense>
      )}
      {onboarding && (
        <Suspense fallback={null}>
          <OnboardingDialog />
        </Suspense>
      )}
    </div>
  );
}

/** The trainer's application shell (spec 000 §2 "Application shell"). */
export function AppLayout() {
  return (
    <SidebarProvider>
      <ShellFrame />
    </SidebarProvider>
  );
}
