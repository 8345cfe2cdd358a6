import { screen, within } from '@testing-library/react';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { SettingsPage } from './settings-page';

describe('settings hub /ajustes (spec 001 §2)', () => {
  it('lists Cadastros, Configurações and Conta with their pages', async () => {
    stubApi({ 'GET /api/about': () => ({ status: 200, body: { nome: 'Vira', versao: '1.0.0', suporte: null } }) });
    renderAt(<SettingsPage />, '/ajustes', { queryClient: signInAs(TRAINER_ANA) });
    const links = screen.getAllByRole('link').map((link) => [link.querySelector('.mantine-NavLink-label')?.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Planos', '/planos'],
      ['Locais', '/locais'],
      ['Políticas', '/ajustes/politicas'],
      ['Políticas e Termos Gerais', '/ajustes/politicas-info'],
      ['Contratos e Termos', '/ajustes/contratos-termos'],
      ['Configurações', '/ajustes/configuracoes'],
      ['Recebimento por PIX', '/ajustes/pix'],
      ['Lembretes', '/ajustes/lembretes'],
      ['WhatsApp', '/ajustes/whatsapp'],
      ['Link Público', '/link-publico'],
      ['Verificação em duas etapas', '/ajustes/duas-etapas'],
    ]);
    expect(screen.getByRole('heading', { name: 'Cadastros' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Configurações' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Conta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it("shows 'Versão 1.0.0' and disables Suporte, saying why, when none is configured", async () => {
    stubApi({ 'GET /api/about': () => ({ status: 200, body: { nome: 'Vira', versao: '1.0.0', suporte: null } }) });
    renderAt(<SettingsPage />, '/ajustes', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByText('Versão 1.0.0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suporte' })).toBeDisabled();
    expect(screen.getByText('O contato de suporte ainda não foi configurado.')).toBeInTheDocument();
  });

  it('opens the configured support contact', async () => {
    const suporte = 'https://wa.me/5511999998888';
    stubApi({ 'GET /api/about': () => ({ status: 200, body: { nome: 'Vira', versao: '1.0.0', suporte } }) });
    renderAt(<SettingsPage />, '/ajustes', { queryClient: signInAs(TRAINER_ANA) });
    const link = await screen.findByRole('link', { name: 'Suporte' });
    expect(link).toHaveAttribute('href', suporte);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(document.body).queryByText('O contato de suporte ainda não foi configurado.')).not.toBeInTheDocument();
  });
});
