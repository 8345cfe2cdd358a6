import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_SUBSCRIPTION, fakeBrowserPush } from '../../../test/browser-push';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { SettingsPage } from '../pages/settings-page';

const VAPID_PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const about = () => ({ status: 200, body: { nome: 'Vira', versao: '1.0.0', suporte: null } });

describe("'Notificações neste aparelho' in Ajustes (issue 59)", () => {
  it('turns this device on and off, telling the server', async () => {
    const browser = fakeBrowserPush();
    const api = stubApi({
      'GET /api/about': about,
      'GET /api/push/vapid-key': () => ({ status: 200, body: { publicKey: VAPID_PUBLIC_KEY } }),
      'POST /api/push/subscription': () => ({ status: 201, body: { id: TRAINER_ANA.id, position: 1 } }),
      'DELETE /api/push/subscription': () => ({ status: 200, body: { id: TRAINER_ANA.id, position: 2 } }),
    });
    renderAt(<SettingsPage />, '/ajustes', { queryClient: signInAs(TRAINER_ANA) });
    const toggle = await screen.findByRole('switch', { name: /Notificações neste aparelho/ });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.isSubscribed()).toBe(true);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual(DEVICE_SUBSCRIPTION);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(browser.isSubscribed()).toBe(false);
    expect(api.calls.find((call) => call.method === 'DELETE')?.body).toEqual({ endpoint: DEVICE_SUBSCRIPTION.endpoint });
  });

  it('is not offered when the server has push off', async () => {
    fakeBrowserPush();
    stubApi({ 'GET /api/about': about });
    renderAt(<SettingsPage />, '/ajustes', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByText('Versão 1.0.0')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Notificações neste aparelho/ })).not.toBeInTheDocument();
  });
});
