import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

/** The cookie holds 'true' when expanded, 'false' when collapsed to icons. */
export function readSidebarExpanded(cookie: string = document.cookie): boolean {
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === SIDEBAR_COOKIE)?.[1];
  return value !== 'false';
}

function writeSidebarExpanded(expanded: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

interface SidebarContextValue {
  expanded: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

/** Holds the desktop sidebar state, kept in a 7-day cookie and toggled with Ctrl/Cmd+B (spec 000 §2, §9). */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [expanded, setExpanded] = useState(() => readSidebarExpanded());

  const toggle = useCallback(() => {
    setExpanded((current) => {
      writeSidebarExpanded(!current);
      return !current;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ expanded, toggle }), [expanded, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside SidebarProvider');
  return context;
}
