import type { WhatsAppSettingsAnswer } from '@contracts/messaging/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { whatsAppSettingsQuery } from '../../../entities/whatsapp';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { WhatsAppSettingsPage } from './whatsapp-settings-page';

const modelos = (status: WhatsAppSettingsAnswer['modelos'][number]['status']) => [
  { nome: 'vira_lembrete_sessao', rotulo: 'Lembrete de sessão', status, motivo: null },
  { nome: 'vira_horario_alterado', rotulo: 'Horário alterado', status: null, motivo: null },
];
const off: WhatsAppSettingsAnswer = {
  modo: 'desligado',
  phoneNumberId: null,
  wabaId: null,
  tokenSalvo: false,
  numeroDoViraDisponivel: false,
  modelos: modelos(null),
};

describe('Ajustes › WhatsApp', () => {
  it("connects the trainer's own number: 'Testar conexão' says what failed, saving sends the token once", async () => {
    const api = stubApi({
      'GET /api/settings/whatsapp': () => ({ status: 200, body: off }),
      'POST /api/settings/whatsapp/test': () => ({
        status: 200,
        body: { ok: false, message: 'Token de acesso inválido ou expirado: gere um novo token no Meta Business Suite' },
      }),
      'PUT /api/settings/whatsapp': () => ({ status: 200, body: { id: 't1', position: 9 } }),
    });
    renderAt(<WhatsAppSettingsPage />, '/ajustes/whatsapp', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByRole('radio', { name: /Número do Vira/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Meu número (WhatsApp Business)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'ID do número de telefone' }), '109000000000007');
    await userEvent.type(screen.getByRole('textbox', { name: 'ID da conta do WhatsApp Business (WABA)' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    expect(await screen.findByText('O ID da conta do WhatsApp Business (WABA) deve ter só dígitos')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('textbox', { name: 'ID da conta do WhatsApp Business (WABA)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'ID da conta do WhatsApp Business (WABA)' }), '209000000000007');
    await userEvent.type(screen.getByLabelText('Token de acesso'), 'EAAGtokenquenaoexistenaMeta');
    await userEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    const alert = (await screen.findByText('Falha na conexão')).closest('[role="status"]');
    expect(alert).toHaveTextContent('Token de acesso inválido ou expirado');

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      modo: 'proprio',
      phoneNumberId: '109000000000007',
      wabaId: '209000000000007',
      accessToken: 'EAAGtokenquenaoexistenaMeta',
    });
  });

  it("says 'WhatsApp salvo' once saved, though the change's socket message refreshed the form first", async () => {
    const queryClient = signInAs(TRAINER_ANA);
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    stubApi({
      'GET /api/settings/whatsapp': () => ({ status: 200, body: { ...off, numeroDoViraDisponivel: true } }),
      'PUT /api/settings/whatsapp': () => new Promise((resolve) => (answer = resolve)),
    });
    renderAt(<WhatsAppSettingsPage />, '/ajustes/whatsapp', { queryClient });
    await userEvent.click(await screen.findByRole('radio', { name: 'Número do Vira' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // The socket's message of the change refreshes the settings before the command answers.
    act(() =>
      queryClient.setQueryData(whatsAppSettingsQuery().queryKey, {
        ...off,
        numeroDoViraDisponivel: true,
        modo: 'vira',
        modelos: modelos('APPROVED'),
      }),
    );
    expect(await screen.findByText('Aprovado')).toBeInTheDocument();
    act(() => answer({ status: 200, body: { id: 't1', position: 9 } }));
    expect(await screen.findByText('WhatsApp salvo')).toBeInTheDocument();
  });

  it("shows each template's review; the saved token is never shown", async () => {
    stubApi({
      'GET /api/settings/whatsapp': () => ({
        status: 200,
        body: {
          ...off,
          modo: 'proprio',
          phoneNumberId: '109000000000007',
          wabaId: '209000000000007',
          tokenSalvo: true,
          modelos: modelos('APPROVED'),
        },
      }),
    });
    renderAt(<WhatsAppSettingsPage />, '/ajustes/whatsapp', { queryClient: signInAs(TRAINER_ANA) });
    const lembrete = (await screen.findByText('Lembrete de sessão')).closest('tr') as HTMLElement;
    expect(within(lembrete).getByText('Aprovado')).toBeInTheDocument();
    const alterado = screen.getByText('Horário alterado').closest('tr') as HTMLElement;
    expect(within(alterado).getByText('Não enviado')).toBeInTheDocument();
    expect(screen.getByText('Salvo. Deixe em branco para manter.')).toBeInTheDocument();
    expect(screen.getByLabelText('Token de acesso')).toHaveValue('');
  });
});
