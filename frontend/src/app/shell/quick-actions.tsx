import { ActionIcon } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { lazy, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MenuOnDemand } from '../../components/menu-on-demand';
import classes from './shell.module.css';

const loadMenu = () => import('./quick-actions-menu');
const QuickActionsMenu = lazy(loadMenu);

const HIDDEN_PREFIXES = ['/auth', '/convite', '/p/', '/aluno'];
/**
 * Pages whose own floating add button takes this one's place: two side by side covered a phone's
 * list (/financeiro's 'Nova transação' is the quick menu's 'Lançamento').
 */
const OWN_FLOATING_BUTTON = ['/financeiro'];

/** Spec 000 §2: no quick-create menu on /auth, /convite, /p/ and /aluno paths, nor where a page floats its own. */
export function isQuickCreateHidden(pathname: string): boolean {
  return (
    OWN_FLOATING_BUTTON.includes(pathname) ||
    HIDDEN_PREFIXES.some((prefix) =>
      prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`),
    )
  );
}

export function QuickActions() {
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);

  if (isQuickCreateHidden(pathname)) return null;

  return (
    <div className={classes.fab} data-floating-action data-opened={opened || undefined}>
      <MenuOnDemand
        menu={QuickActionsMenu}
        preload={() => void loadMenu()}
        onChange={setOpened}
        target={
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
        }
      />
    </div>
  );
}
