import { UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { isBottomNavItemActive, navItems } from './nav-items';
import classes from './shell.module.css';

/** Mobile navigation: fixed at the bottom, 64 px plus the device safe area (spec 000 §2, §9). */
export function BottomNav() {
  const { pathname } = useLocation();

  return (
    <nav aria-label="Navegação inferior" className={classes.bottomNav}>
      {navItems.map(({ label, path, icon: ItemIcon }) => {
        const active = isBottomNavItemActive(path, pathname);
        return (
          <UnstyledButton
            key={path}
            component={Link}
            to={path}
            className={classes.bottomNavItem}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            <ItemIcon size={22} stroke={active ? 2.1 : 1.75} />
            <span>{label}</span>
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
