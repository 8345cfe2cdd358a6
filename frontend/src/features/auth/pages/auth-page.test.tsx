import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { AuthPage } from './auth-page';

function renderAuth(path = '/auth') {
  return renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/', element: <h1>Início</h1> },
    ],
    path,
  );
}

let api: ApiStub | undefined;
beforeEach(() => {
  act(() => useSession.setState({ status: 'signed-out', accessToken: null }));
});

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail/), email);
  await user.type(screen.getByLabelText(/^Senha/), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('/auth login', () => {
  it('signs in, toasts and goes to /', async () => {
    api = stubApi({
      'POST /api/auth/login': () => ({ status: 200, body: { accessToken: 'token-1', user: TRAINER_ANA } }),
      'GET /api/me': () => ({ status: 200, body: TRAINER_ANA }),
    });
    renderAuth();
    await fillLogin('ana@exemplo.com', 'segredo1');

    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(screen.getByText('Login realizado com sucesso!')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ path: '/api/auth/login', body: { email: 'ana@exemplo.com', password: 'segredo1' } });
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', accessToken: 'token-1' });
  });

  it("says 'Email ou senha incorretos' on a 401", async () => {
    api = stubApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { statusCode: 401, code: 'invalid_credentials', message: 'x' },
      }),
    });
    renderAuth();
    await fillLogin('ana@exemplo.com', 'errada');
    expect(await screen.findByText('Email ou senha incorretos')).toBeInTheDocument();
    expect(useSession.getState().status).toBe('signed-out');
  });

  it('says the generic message on any other failure', async () => {
    api = stubApi({ 'POST /api/auth/login': () => ({ status: 500, body: { statusCode: 500, code: 'internal', message: 'x' } }) });
    renderAuth();
    await fillLogin('ana@exemplo.com', 'segredo1');
    expect(await screen.findByText('Erro ao fazer login. Tente novamente.')).toBeInTheDocument();
  });

  it("does not call the server while the API's own rule (contracts' signInSchema) refuses the body", async () => {
    api = stubApi({});
    renderAuth();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o e-mail')).toBeInTheDocument();
    expect(screen.getByText('Informe a senha')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('/auth register', () => {
  async function openRegister() {
    const user = userEvent.setup();
    renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Cadastrar' }));
    // The register form is loaded the first time the tab opens.
    await screen.findByLabelText(/^Nome/);
    return user;
  }

  async function fillRegister(user: ReturnType<typeof userEvent.setup>, cpf = '52998224725') {
    await user.type(screen.getByLabelText(/^Nome/), 'Ana Souza');
    await user.type(screen.getByLabelText(/^CPF/), cpf);
    await user.type(screen.getByLabelText(/^Data de nascimento/), '1990-04-15');
    await user.type(screen.getByLabelText(/^Celular/), '11987654321');
    await user.type(screen.getByLabelText(/E-mail/), 'ana@exemplo.com');
    await user.type(screen.getByLabelText(/^Senha/), 'segredo1');
  }

  it('masks the phone and keeps CPF to 11 digits while typing', async () => {
    api = stubApi({});
    const user = await openRegister();
    await user.type(screen.getByLabelText(/^Celular/), '11987654321');
    expect(screen.getByLabelText(/^Celular/)).toHaveValue('(11) 98765-4321');
    await user.type(screen.getByLabelText(/^CPF/), '529.982.247-25-99');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('52998224725');
  });

  it('keeps all 11 digits of a pasted formatted CPF, and masks a pasted phone', async () => {
    api = stubApi({});
    const user = await openRegister();
    await user.click(screen.getByLabelText(/^CPF/));
    await user.paste('529.982.247-25');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('52998224725');
    await user.click(screen.getByLabelText(/^Celular/));
    await user.paste('(11) 98765-4321');
    expect(screen.getByLabelText(/^Celular/)).toHaveValue('(11) 98765-4321');
  });

  it("refuses a birth date in the future or more than 120 years ago with the API's words", async () => {
    api = stubApi({});
    const user = await openRegister();
    await fillRegister(user);
    const birthDate = screen.getByLabelText(/^Data de nascimento/);
    await user.clear(birthDate);
    await user.type(birthDate, `${new Date().getFullYear() + 1}-01-01`);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Data de nascimento inválida: deve ser uma data passada')).toBeInTheDocument();

    await user.clear(birthDate);
    await user.type(birthDate, '1850-01-01');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Data de nascimento inválida: mais de 120 anos atrás')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an invalid CPF and empty fields without calling the server', async () => {
    api = stubApi({});
    const user = await openRegister();
    await user.type(screen.getByLabelText(/^CPF/), '52998224724');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
    expect(screen.getAllByText('Campo obrigatório').length).toBeGreaterThanOrEqual(2);
    expect(api.calls).toHaveLength(0);
  });

  it('creates the account with digits-only fields, then goes to Entrar with that e-mail', async () => {
    api = stubApi({
      'POST /api/auth/signup': () => ({
        status: 201,
        body: { user: { id: 'u1' }, emailConfirmation: { sent: true, required: true } },
      }),
    });
    const user = await openRegister();
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findAllByText('Conta criada com sucesso!')).not.toHaveLength(0);
    // Once: the toast, no second box in the form.
    expect(screen.getAllByText('Conta criada com sucesso!')).toHaveLength(1);
    expect(screen.getByText('Verifique seu e-mail (ana@exemplo.com) para confirmar o cadastro.')).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({
      nome: 'Ana Souza',
      cpf: '52998224725',
      dataNascimento: '1990-04-15',
      telefone: '11987654321',
      email: 'ana@exemplo.com',
      password: 'segredo1',
    });
    expect(screen.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ana@exemplo.com');
    await user.click(screen.getByRole('tab', { name: 'Cadastrar' }));
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('');
  });

  it('tells an existing user to log in', async () => {
    api = stubApi({
      'POST /api/auth/signup': () => ({
        status: 409,
        body: { statusCode: 409, code: 'user_already_registered', message: 'x' },
      }),
    });
    const user = await openRegister();
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Usuário já cadastrado. Faça login.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Ana Souza');
  });
});

describe('/auth after the confirmation link', () => {
  it('says the e-mail is confirmed (?confirmed=1), above the tabs', async () => {
    api = stubApi({});
    renderAuth('/auth?confirmed=1');
    const alert = await screen.findByText('E-mail confirmado! Faça login.');
    expect(alert.compareDocumentPosition(screen.getByRole('tab', { name: 'Entrar' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByText(/Link de confirmação/)).not.toBeInTheDocument();
  });

  it('says the link is invalid or expired (?confirmed=0)', async () => {
    api = stubApi({});
    renderAuth('/auth?confirmed=0');
    expect(
      await screen.findByText('Link de confirmação inválido ou expirado. Faça login para receber um novo.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('E-mail confirmado! Faça login.')).not.toBeInTheDocument();
  });

  it('says nothing about confirmation otherwise', async () => {
    api = stubApi({});
    renderAuth('/auth');
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByText('E-mail confirmado! Faça login.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Link de confirmação/)).not.toBeInTheDocument();
  });
});

describe('/auth identity providers', () => {
  it('explains when the provider is not configured', async () => {
    api = stubApi({
      'GET /api/auth/providers/google': () => ({
        status: 400,
        body: { statusCode: 400, code: 'provider_not_enabled', message: 'x' },
      }),
    });
    const user = userEvent.setup();
    renderAuth();
    await user.click(screen.getByRole('button', { name: 'Google' }));
    expect(await screen.findByText('Login com Google não está configurado. Use e-mail e senha.')).toBeInTheDocument();
  });

  it('reads the error the server sends back in the address', async () => {
    api = stubApi({});
    renderAuth('/auth?error=provider_not_enabled&provider=apple');
    expect(await screen.findByText('Login com Apple não está configurado. Use e-mail e senha.')).toBeInTheDocument();
  });

  it('gives the generic message when the check fails otherwise', async () => {
    api = stubApi({ 'GET /api/auth/providers/apple': () => ({ status: 502 }) });
    const user = userEvent.setup();
    renderAuth();
    await user.click(screen.getByRole('button', { name: 'Apple' }));
    expect(await screen.findByText('Não foi possível fazer login. Tente novamente.')).toBeInTheDocument();
  });
});

describe('/auth password recovery', () => {
  async function askForResetLink(email: string) {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar senha' });
    await user.type(dialog.querySelector('input') as HTMLInputElement, email);
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
  }

  it('sends the reset e-mail from the dialog', async () => {
    api = stubApi({ 'POST /api/auth/recover': () => ({ status: 200 }) });
    renderAuth();
    await askForResetLink('ana@exemplo.com');

    expect(await screen.findByText('Email enviado!')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ path: '/api/auth/recover', body: { email: 'ana@exemplo.com' } });
  });

  it("says 'Erro ao enviar email' when it fails", async () => {
    api = stubApi({ 'POST /api/auth/recover': () => ({ status: 500 }) });
    renderAuth();
    await askForResetLink('ana@exemplo.com');
    expect(await screen.findByText('Erro ao enviar email')).toBeInTheDocument();
  });

  it('sets a new password from the e-mailed link', async () => {
    api = stubApi({ 'POST /api/auth/reset': () => ({ status: 200 }) });
    const user = userEvent.setup();
    renderAuth('/auth?reset=tok-123');
    expect(screen.getByRole('heading', { name: 'Definir nova senha' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'nova-senha');
    await user.type(screen.getByLabelText(/^Confirmar nova senha/), 'nova-senha');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

    await waitFor(() => expect(api?.calls[0]).toMatchObject({ path: '/api/auth/reset', body: { token: 'tok-123', password: 'nova-senha' } }));
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();
  });
});
