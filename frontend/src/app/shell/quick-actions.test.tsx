import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { isQuickCreateHidden, QuickActions } from './quick-actions';

const openButton = () => screen.getByRole('button', { name: 'Criação rápida' });

describe('quick-create menu', () => {
  it('toggles open and closed from its button', async () => {
    const user = userEvent.setup();
    renderAt(<QuickActions />, '/');
    expect(screen.queryByRole('menuitem', { name: 'Aluno' })).not.toBeInTheDocument();

    await user.click(openButton());
    // The menu's code loads on the first click (outside the shell's first load).
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Agendamento', 'Aluno', 'Plano', 'Lançamento', 'Local']);

    await user.click(screen.getByRole('button', { name: 'Fechar criação rápida' }));
    expect(screen.queryByRole('menuitem', { name: 'Aluno' })).not.toBeInTheDocument();
  });

  it.each([
    ['Agendamento', '/agenda?novo=agendamento'],
    ['Aluno', '/alunos/novo'],
    ['Plano', '/planos/novo'],
    ['Lançamento', '/financeiro?novo=lancamento'],
    ['Local', '/locais/novo'],
  ])('%s goes to %s and the menu closes', async (label, target) => {
    const user = userEvent.setup();
    renderAt(<QuickActions />, '/');
    await user.click(openButton());
    await user.click(await screen.findByRole('menuitem', { name: label }));

    expect(screen.getByTestId('location')).toHaveTextContent(target);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Where the page floats its own add button (/financeiro), that one takes the quick menu's place.
    if (!isQuickCreateHidden(new URL(target, 'http://x').pathname)) expect(openButton()).toBeInTheDocument();
  });

  it.each(['/auth', '/convite/abc123', '/p/ana', '/p/ana/loc-1', '/aluno', '/financeiro'])('is hidden on %s', (path) => {
    renderAt(<QuickActions />, path);
    expect(screen.queryByRole('button', { name: 'Criação rápida' })).not.toBeInTheDocument();
  });

  it.each(['/', '/agenda', '/alunos', '/ajustes/politicas', '/financeiro/cobrancas'])('is shown on %s', (path) => {
    renderAt(<QuickActions />, path);
    expect(openButton()).toBeInTheDocument();
  });

  it('matches the hidden prefixes by segment', () => {
    expect(isQuickCreateHidden('/alunos')).toBe(false);
    expect(isQuickCreateHidden('/autorizacao')).toBe(false);
    expect(isQuickCreateHidden('/planos')).toBe(false);
  });
});
