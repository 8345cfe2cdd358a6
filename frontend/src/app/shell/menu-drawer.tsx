import { Drawer } from '@mantine/core';
import classes from './shell.module.css';
import { SidebarContent } from './sidebar';

/** The phone's menu (18rem), with the sidebar's items and 'Sair'; loaded the first time it opens. */
export function MenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} size="18rem" padding="sm" title="Menu" classNames={{ body: classes.drawerBody }}>
      <SidebarContent compact={false} onNavigate={onClose} />
    </Drawer>
  );
}
