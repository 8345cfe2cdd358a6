import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { TwoFactorPage } from './two-factor-page';

const refusal = (statusCode: number, code: string, message: string) => ({
  status: statusCode,
  body: { statusCode, code, message },
});

describe('/ajustes/duas-etapas: turning two-factor off', () => {
  it('asks for the password and a code, and says which of them was wrong', async () => {
    const answers = [
      refusal(400, 'invalid_password', 'Senha incorreta.'),
      refusal(400, 'invalid_mfa_code', 'Código de verificação inválido.'),
      { status: 204 },
    ];
    let enabled = true;
    const api = stubApi({
      'GET /api/auth/mfa/totp': () => ({ status: 200, body: { enabled } }),
      'DELETE /api/auth/mfa/totp': () => {
        const answer = answers.shift()!;
        if (answer.status === 204) enabled = false;
        return answer;
      },
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorPage />, '/ajustes/duas-etapas', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByText('Ativa', { exact: true })).toBeInTheDocument();

    // Nothing is sent without the password.
    await user.type(screen.getByLabelText(/Código de verificação/), '123456');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Informe a senha')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.type(screen.getByLabelText(/^Senha/), 'errada123');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Senha incorreta.')).toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/auth/mfa/totp',
      body: { code: '123456', password: 'errada123' },
    });

    await user.clear(screen.getByLabelText(/^Senha/));
    await user.type(screen.getByLabelText(/^Senha/), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Código de verificação inválido.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Código de verificação/));
    await user.type(screen.getByLabelText(/Código de verificação/), '654321');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Verificação em duas etapas desativada')).toBeInTheDocument();
    expect(api.calls.at(-2)).toMatchObject({ body: { code: '654321', password: 'segredo123' } });
    expect(await screen.findByText('Desativada', { exact: true })).toBeInTheDocument();
  });

  it("says 'Muitas tentativas' when the account's attempts are spent", async () => {
    stubApi({
      'GET /api/auth/mfa/totp': () => ({ status: 200, body: { enabled: true } }),
      'DELETE /api/auth/mfa/totp': () => refusal(429, 'rate_limited', 'Muitas tentativas. Tente novamente em instantes.'),
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorPage />, '/ajustes/duas-etapas', { queryClient: signInAs(TRAINER_ANA) });
    await user.type(await screen.findByLabelText(/^Senha/), 'segredo123');
    await user.type(screen.getByLabelText(/Código de verificação/), '123456');
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Muitas tentativas. Tente novamente em instantes.')).toBeInTheDocument();
    expect(screen.getByText('Ativa', { exact: true })).toBeInTheDocument();
  });
});
