import { Stack, Tooltip, UnstyledButton } from '@mantine/core';
import IconLayoutSidebarLeftCollapse from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftCollapse.mjs';
import IconLayoutSidebarLeftExpand from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftExpand.mjs';
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
import type { Icon } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Brand } from './brand';
import { useSignOut } from '../../lib/use-sign-out';
import { isSidebarItemActive, navItems } from './nav-items';
import classes from './shell.module.css';
import { useSidebar } from './sidebar-state';
import { useThemePreference } from './theme-preference';
import { ThemeMenu } from './theme-toggle';

type SidebarButtonProps = ComponentPropsWithoutRef<'button'> & { icon: Icon; label: string; compact: boolean };

/** A footer row of the sidebar; forwards its ref so it can be a menu target. */
const SidebarButton = forwardRef<HTMLButtonElement, SidebarButtonProps>(function SidebarButton(
  { icon: ItemIcon, label, compact, className, ...props },
  ref,
) {
  const button = (
    <UnstyledButton
      ref={ref}
      {...props}
      className={[classes.navItem, className].filter(Boolean).join(' ')}
      aria-label={compact ? label : undefined}
    >
      <ItemIcon size={20} stroke={1.75} className={classes.navIcon} />
      {!compact && <span>{label}</span>}
    </UnstyledButton>
  );
  return compact ? (
    <Tooltip label={label} position="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
});

/** The navigation content shared by the desktop sidebar and the mobile drawer. */
export function SidebarContent({
  compact,
  onNavigate,
  footerStart,
}: {
  compact: boolean;
  onNavigate?: () => void;
  footerStart?: ReactNode;
}) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const theme = useThemePreference();

  return (
    <>
      <Stack gap={4} className={classes.navList}>
        {navItems.map(({ label, path, icon: ItemIcon }) => {
          const active = isSidebarItemActive(path, pathname);
          const link = (
            <UnstyledButton
              key={path}
              component={Link}
              to={path}
              onClick={onNavigate}
              className={classes.navItem}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
              aria-label={compact ? label : undefined}
            >
              <ItemIcon size={20} stroke={1.75} className={classes.navIcon} />
              {!compact && <span>{label}</span>}
            </UnstyledButton>
          );
          return compact ? (
            <Tooltip key={path} label={label} position="right">
              {link}
            </Tooltip>
          ) : (
            link
          );
        })}
      </Stack>
      <Stack gap={4} className={classes.sidebarFooter}>
        {footerStart}
        <ThemeMenu
          target={<SidebarButton icon={theme.icon} label={`Tema: ${theme.label}`} compact={compact} />}
        />
        <SidebarButton icon={IconLogout} label="Sair" compact={compact} onClick={() => void signOut()} />
      </Stack>
    </>
  );
}

export function Sidebar() {
  const { expanded, toggle } = useSidebar();
  const ToggleIcon = expanded ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  const toggleLabel = expanded ? 'Recolher menu' : 'Expandir menu';

  return (
    <nav aria-label="Menu lateral" className={classes.sidebar} data-state={expanded ? 'expanded' : 'collapsed'}>
      <div className={classes.sidebarHeader}>
        <Brand compact={!expanded} />
      </div>
      <SidebarContent
        compact={!expanded}
        footerStart={
          <Tooltip label={`${toggleLabel} (Ctrl+B)`} position="right">
            <UnstyledButton
              className={classes.navItem}
              onClick={toggle}
              aria-label={toggleLabel}
              aria-expanded={expanded}
            >
              <ToggleIcon size={20} stroke={1.75} className={classes.navIcon} />
              {expanded && <span>Recolher menu</span>}
            </UnstyledButton>
          </Tooltip>
        }
      />
    </nav>
  );
}

