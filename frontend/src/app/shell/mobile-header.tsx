import { ActionIcon, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useLatched } from '../../lib/use-latched';
import classes from './shell.module.css';
import { Brand } from './brand';
import { useThemePreference } from './theme-preference';
import { ThemeMenu } from './theme-toggle';

const MenuDrawer = lazy(() => import('./menu-drawer').then((module) => ({ default: module.MenuDrawer })));

/** Top bar on phones: brand, theme and a drawer (18rem) with the full menu, including 'Sair'. */
export function MobileHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const drawerMounted = useLatched(opened);
  const theme = useThemePreference();

  return (
    <header className={classes.mobileHeader}>
      <Brand compact={false} />
      <Group gap={4} wrap="nowrap">
        <ThemeMenu
          target={
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Tema: ${theme.label}`}>
              <theme.icon size={20} stroke={1.75} />
            </ActionIcon>
          }
        />
        <Burger opened={opened} onClick={toggle} size="sm" aria-label="Abrir menu" />
      </Group>
      {drawerMounted && (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </header>
  );
}
