import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { isSidebarItemActive } from './nav-items';
import { Sidebar } from './sidebar';
import { SIDEBAR_COOKIE, SidebarProvider } from './sidebar-state';

function renderSidebar(path = '/') {
  return renderAt(
    <SidebarProvider>
      <Sidebar />
    </SidebarProvider>,
    path,
  );
}

const sidebar = () => screen.getByRole('navigation', { name: 'Menu lateral' });

beforeEach(() => {
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
});

describe('desktop sidebar', () => {
  it('shows the brand, the five areas and Sair, expanded by default', () => {
    renderSidebar();
    const nav = within(sidebar());
    expect(nav.getByText('Vira')).toBeInTheDocument();
    expect(nav.getByText('Sua agenda que vira dinheiro')).toBeInTheDocument();
    for (const label of ['Dashboard', 'Agenda', 'Alunos', 'Financeiro', 'Ajustes']) {
      expect(nav.getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(nav.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('collapses to icons with Ctrl+B and expands again with Cmd+B, writing the cookie each time', () => {
    renderSidebar();

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(screen.getByRole('button', { name: 'Expandir menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar()).queryByText('Sua agenda que vira dinheiro')).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);

    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('ignores B without a modifier', () => {
    renderSidebar();
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('toggles with its button and keeps the icons reachable by name when collapsed', async () => {
    const user = userEvent.setup();
    renderSidebar();

    await user.click(screen.getByRole('button', { name: 'Recolher menu' }));
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(within(sidebar()).getByRole('link', { name: 'Agenda' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expandir menu' }));
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('stores the state for 7 days and restores it on the next mount', () => {
    const cookieSetter = jest.spyOn(Document.prototype, 'cookie', 'set');
    const { unmount } = renderSidebar();
    act(() => {
      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    });
    expect(cookieSetter).toHaveBeenLastCalledWith(expect.stringContaining('max-age=604800'));
    cookieSetter.mockRestore();
    unmount();

    renderSidebar();
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
  });

  it('marks the item whose path equals or prefixes the current one', () => {
    renderSidebar('/alunos/novo');
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'Alunos' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('marks Dashboard only on / itself', () => {
    renderSidebar('/');
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('isSidebarItemActive', () => {
  it.each([
    ['/', '/', true],
    ['/', '/agenda', false],
    ['/agenda', '/agenda', true],
    ['/agenda', '/agenda/abc', true],
    ['/ajustes', '/ajustes/politicas/edit', true],
    ['/alunos', '/alunosx', false],
    ['/alunos', '/agenda', false],
  ])('item %s at %s -> %s', (item, pathname, expected) => {
    expect(isSidebarItemActive(item, pathname)).toBe(expected);
  });
});
