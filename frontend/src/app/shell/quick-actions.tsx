import { ActionIcon, Menu } from '@mantine/core';
import IconCalendarPlus from '@tabler/icons-react/dist/esm/icons/IconCalendarPlus.mjs';
import IconClipboardList from '@tabler/icons-react/dist/esm/icons/IconClipboardList.mjs';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconReceipt from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs';
import IconUserPlus from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
import type { Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, quickCreate } from '../../config/paths';
import classes from './shell.module.css';

const quickActions: readonly { label: string; to: string; icon: Icon }[] = [
  { label: 'Agendamento', to: quickCreate.session, icon: IconCalendarPlus },
  { label: 'Aluno', to: paths.newStudent, icon: IconUserPlus },
  { label: 'Plano', to: paths.newPlan, icon: IconClipboardList },
  { label: 'Lançamento', to: quickCreate.transaction, icon: IconReceipt },
  { label: 'Local', to: paths.newLocation, icon: IconMapPin },
];

const HIDDEN_PREFIXES = ['/auth', '/convite', '/p/', '/aluno'];

/** Spec 000 §2: no quick-create menu on /auth, /convite, /p/ and /aluno paths. */
export function isQuickCreateHidden(pathname: string): boolean {
  return HIDDEN_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

export function QuickActions() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);

  if (isQuickCreateHidden(pathname)) return null;

  return (
    <div className={classes.fab} data-opened={opened || undefined}>
      <Menu opened={opened} onChange={setOpened} position="top-end" offset={12} shadow="lg" width={220} withinPortal={false}>
        <Menu.Target>
          <ActionIcon
            size={56} // --vira-fab-size in shell.module.css (the toasts stay clear of it)
            radius="xl"
            variant="filled"
            aria-label={opened ? 'Fechar criação rápida' : 'Criação rápida'}
            className={classes.fabButton}
            data-opened={opened || undefined}
          >
            <IconPlus size={26} stroke={2.25} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Criar novo</Menu.Label>
          {quickActions.map(({ label, to, icon: ActionIconGlyph }) => (
            <Menu.Item
              key={label}
              leftSection={<ActionIconGlyph size={18} stroke={1.75} />}
              onClick={() => void navigate(to)}
            >
              {label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
