import { SegmentedControl } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';

const VIEWS = [
  { value: paths.agenda, label: 'Calendário' },
  { value: paths.agendaTasks, label: 'Tarefas' },
];

/**
 * The agenda has two views, calendar and tasks (spec 000 §2), from two features that do not know
 * each other: this layout puts the switch between them above whichever is shown.
 */
export function AgendaViewsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.startsWith(paths.agendaTasks) ? paths.agendaTasks : paths.agenda;

  return (
    <>
      <nav aria-label="Visualização da agenda" style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
        <SegmentedControl
          data={VIEWS}
          value={current}
          onChange={(view) => void navigate(view)}
          w={{ base: '100%', sm: 280 }}
          radius="md"
          size="sm"
        />
      </nav>
      <Outlet />
    </>
  );
}
