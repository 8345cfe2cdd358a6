import type { StudentArea } from '@contracts/student-area/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_SUBSCRIPTION, fakeBrowserPush } from '../../../test/browser-push';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { StudentAreaPage } from '../pages/student-area-page';

const VAPID_PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const BIA = { ...TRAINER_ANA, id: 'u2', nome: 'Bia', role: 'aluno' as const };
const area = (proximasSessoes: StudentArea['proximasSessoes']): StudentArea => ({
  nome: 'Bia Lima',
  creditos: 4,
  creditosLivres: 3,
  proximasSessoes,
  contratosPendentes: 0,
  cobrancas: [],
  cpf: null,
  telefone: null,
  trainer: { nome: 'Ana', slug: 'ana', telefone: null },
  exclusaoPedidaEm: null,
});
const SESSION = {
  id: '0193a000-0000-7000-8000-000000000001',
  inicio: '2030-05-10T10:00:00Z',
  fim: '2030-05-10T11:00:00Z',
  locationId: null,
  locationNome: null,
  politica: null,
};
const CARD = 'Receber lembretes neste aparelho';

describe("'Receber lembretes neste aparelho' in the student area (issue 59)", () => {
  it('after a booking, turns this device on and goes away', async () => {
    const browser = fakeBrowserPush();
    const api = stubApi({
      'GET /api/student/me': () => ({ status: 200, body: area([SESSION]) }),
      'GET /api/push/vapid-key': () => ({ status: 200, body: { publicKey: VAPID_PUBLIC_KEY } }),
      'POST /api/push/subscription': () => ({ status: 201, body: { id: BIA.id, position: 1 } }),
    });
    renderAt(<StudentAreaPage />, '/aluno', { queryClient: signInAs(BIA) });
    expect(await screen.findByRole('heading', { name: CARD })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ativar lembretes' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: CARD })).not.toBeInTheDocument());
    expect(browser.isSubscribed()).toBe(true);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual(DEVICE_SUBSCRIPTION);
  });

  it('is not offered before the first booking', async () => {
    fakeBrowserPush();
    stubApi({
      'GET /api/student/me': () => ({ status: 200, body: area([]) }),
      'GET /api/push/vapid-key': () => ({ status: 200, body: { publicKey: VAPID_PUBLIC_KEY } }),
    });
    renderAt(<StudentAreaPage />, '/aluno', { queryClient: signInAs(BIA) });
    expect(await screen.findByText('Nenhuma sessão agendada')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CARD })).not.toBeInTheDocument();
  });

  it('says what to do when the browser refuses the permission', async () => {
    fakeBrowserPush({ permission: 'denied' });
    stubApi({
      'GET /api/student/me': () => ({ status: 200, body: area([SESSION]) }),
      'GET /api/push/vapid-key': () => ({ status: 200, body: { publicKey: VAPID_PUBLIC_KEY } }),
    });
    renderAt(<StudentAreaPage />, '/aluno', { queryClient: signInAs(BIA) });
    await userEvent.click(await screen.findByRole('button', { name: 'Ativar lembretes' }));
    expect(await screen.findByText('Permita as notificações do Vira nas configurações do navegador.')).toBeInTheDocument();
  });
});
