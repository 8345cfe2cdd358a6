import { ActionIcon, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Brand, SidebarContent } from './sidebar';
import classes from './shell.module.css';
import { ThemeMenu, useThemePreference } from './theme-toggle';

/** Top bar on phones: brand, theme and a drawer (18rem) with the full menu, including 'Sair'. */
export function MobileHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
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
      <Drawer
        opened={opened}
        onClose={close}
        size="18rem"
        padding="sm"
        title="Menu"
        classNames={{ body: classes.drawerBody }}
      >
        <SidebarContent compact={false} onNavigate={close} />
      </Drawer>
    </header>
  );
}
