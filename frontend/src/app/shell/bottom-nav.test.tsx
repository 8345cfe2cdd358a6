import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { BottomNav } from './bottom-nav';

const bottomNav = () => within(screen.getByRole('navigation', { name: 'Navegação inferior' }));

describe('mobile bottom navigation', () => {
  it('links the five areas in order', () => {
    renderAt(<BottomNav />, '/');
    const links = bottomNav().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Agenda', '/agenda'],
      ['Alunos', '/alunos'],
      ['Financeiro', '/financeiro'],
      ['Ajustes', '/ajustes'],
    ]);
  });

  it('highlights only the link matching the path exactly', () => {
    renderAt(<BottomNav />, '/financeiro');
    expect(bottomNav().getByRole('link', { name: 'Financeiro' })).toHaveAttribute('aria-current', 'page');
    expect(bottomNav().getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('highlights nothing on a sub-page', () => {
    renderAt(<BottomNav />, '/alunos/novo');
    for (const link of bottomNav().getAllByRole('link')) expect(link).not.toHaveAttribute('aria-current');
  });

  it('moves the highlight when a link is followed', async () => {
    const user = userEvent.setup();
    renderAt(<BottomNav />, '/');
    await user.click(bottomNav().getByRole('link', { name: 'Agenda' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/agenda');
    expect(bottomNav().getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'page');
  });
});
