import type { CSSProperties } from 'react';
import { Outlet } from 'react-router-dom';
import { OnboardingDialog } from '../../features/onboarding/components/onboarding-dialog';
import { useRealtimeInvalidation } from '../../lib/realtime';
import { invalidatedByChange } from '../realtime-invalidation';
import { BottomNav } from './bottom-nav';
import { MobileHeader } from './mobile-header';
import { QuickActions } from './quick-actions';
import classes from './shell.module.css';
import { Sidebar } from './sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';

const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_ICON_WIDTH = '3rem';

function ShellFrame() {
  const { expanded } = useSidebar();
  useRealtimeInvalidation(invalidatedByChange);
  const style = { '--sidebar-width': expanded ? SIDEBAR_WIDTH : SIDEBAR_ICON_WIDTH } as CSSProperties;

  return (
    <div className={classes.shell} style={style}>
      <Sidebar />
      <div className={classes.main}>
        <MobileHeader />
        <main className={classes.content}>
          <Outlet />
        </main>
      </div>
      <BottomNav />
      <QuickActions />
      <OnboardingDialog />
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
