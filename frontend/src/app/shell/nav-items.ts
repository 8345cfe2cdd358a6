import IconCalendar from '@tabler/icons-react/dist/esm/icons/IconCalendar.mjs';
import IconCash from '@tabler/icons-react/dist/esm/icons/IconCash.mjs';
import IconLayoutDashboard from '@tabler/icons-react/dist/esm/icons/IconLayoutDashboard.mjs';
import IconSettings from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import type { Icon } from '@tabler/icons-react';
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  path: string;
  icon: Icon;
}

export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', path: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Agenda', path: paths.agenda, icon: IconCalendar },
  { label: 'Alunos', path: paths.students, icon: IconUsers },
  { label: 'Financeiro', path: paths.finance, icon: IconCash },
  { label: 'Ajustes', path: paths.settings, icon: IconSettings },
];

/** Sidebar rule: the item's path equals the current one or is a prefix of it (by segment); '/' only exactly. */
export function isSidebarItemActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** Bottom bar rule: exact match only. */
export function isBottomNavItemActive(itemPath: string, pathname: string): boolean {
  return pathname === itemPath;
}
