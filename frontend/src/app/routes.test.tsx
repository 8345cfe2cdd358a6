import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { useSession } from '../lib/session-store';
import { TRAINER_ANA } from '../test/fixtures';
import { stubApi } from '../test/fetch-stub';
import { createTestQueryClient, renderRoutes, signInAs } from '../test/render';
import { RouteErrorPage } from './route-error-page';
import { routes } from './routes';

function setSession(state: Partial<ReturnType<typeof useSession.getState>>) {
  act(() => useSession.setState(state));
}

beforeEach(() => setSession({ status: 'loading', accessToken: null }));

/**
 * The tests of a describe run on a desktop, where the shell shows its sidebar (jsdom's matchMedia,
 * test/setup.ts, matches nothing: a phone, which does not even load it).
 */
function onDesktop() {
  const phone = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...phone(query), matches: query === '(min-width: 48em)' });
  });
  afterEach(() => {
    window.matchMedia = phone;
  });
}

describe('session guard', () => {
  it("shows 'Carregando...' while the session loads, then sends a visitor to /auth", async () => {
    renderRoutes(routes, '/agenda');
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();

    setSession({ status: 'signed-out' });
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu lateral' })).not.toBeInTheDocument();
  });

  it('opens the shell for a signed-in trainer: on a phone its bottom bar, never the desktop sidebar', async () => {
    const queryClient = signInAs(TRAINER_ANA);
    renderRoutes(routes, '/agenda', { queryClient });
    expect(await screen.findByRole('heading', { name: 'Agenda' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegação inferior' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Modo do calendário' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu lateral' })).not.toBeInTheDocument();
  });

  describe('on a desktop', () => {
    onDesktop();

    it('opens the shell with the sidebar', async () => {
      const queryClient = signInAs(TRAINER_ANA);
      renderRoutes(routes, '/agenda', { queryClient });
      expect(await screen.findByRole('navigation', { name: 'Menu lateral' })).toBeInTheDocument();
    });
  });

  it('reads the profile of a restored session, showing Carregando... meanwhile', async () => {
    const api = stubApi({ 'GET /api/me': () => ({ status: 200, body: TRAINER_ANA }) });
    setSession({ status: 'signed-in', accessToken: 'token' });
    renderRoutes(routes, '/');
    // Found at least once: by the time an assertion runs after it, the profile may already be there.
    await screen.findByText('Carregando...');
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
    // The profile first; then whatever the dashboard reads, with the same token.
    const calls = api.calls.map((call) => `${call.method} ${call.path} ${call.headers.get('authorization')}`);
    expect(calls[0]).toBe('GET /api/me Bearer token');
    expect(calls.every((call) => call.endsWith('Bearer token'))).toBe(true);
  });

  it('sends a user without a profile to /auth, signed out', async () => {
    stubApi({
      'GET /api/me': () => ({
        status: 404,
        body: { statusCode: 404, code: 'not_found', message: 'Perfil não encontrado' },
      }),
    });
    setSession({ status: 'signed-in', accessToken: 'token' });
    renderRoutes(routes, '/agenda');
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();
    expect(useSession.getState().status).toBe('signed-out');
  });

  it('sends a student from trainer pages to the student area', async () => {
    const queryClient = signInAs({ ...TRAINER_ANA, role: 'aluno' });
    renderRoutes(routes, '/', { queryClient });
    expect(await screen.findByRole('heading', { name: 'Área do Aluno' })).toBeInTheDocument();
  });

  it('refuses the student area to a trainer', async () => {
    const queryClient = signInAs(TRAINER_ANA);
    renderRoutes(routes, '/aluno', { queryClient });
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' })).toBeInTheDocument();
  });

  // /link-publico is a real page now (features/public-booking, browser test public-booking.e2e.spec.ts).
  // /agenda/{personalId} is the student's self-scheduling (browser test self-scheduling.e2e.spec.ts).
  it('/agenda/{personalId} is for students: a trainer gets Acesso Negado', async () => {
    const queryClient = signInAs(TRAINER_ANA);
    renderRoutes(routes, '/agenda/some-personal-id', { queryClient });
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' })).toBeInTheDocument();
  });
});

describe('Sair', () => {
  // Sair of the desktop sidebar (a phone's is in its menu drawer).
  onDesktop();

  it.each([200, 401])('signs out (server answers %i), toasts and goes to /auth', async (status) => {
    stubApi({ 'POST /api/auth/logout': () => ({ status }) });
    const queryClient = signInAs(TRAINER_ANA);
    const user = userEvent.setup();
    renderRoutes(routes, '/financeiro', { queryClient });
    await user.click(await screen.findByRole('button', { name: 'Sair' }));

    expect(await screen.findByText('Logout realizado com sucesso')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();
    expect(useSession.getState().status).toBe('signed-out');
  });

  it('the next sign-in after Sair starts at the dashboard, not on the page left', async () => {
    stubApi({
      'POST /api/auth/logout': () => ({ status: 200 }),
      'GET /api/me': () => ({ status: 200, body: TRAINER_ANA }),
    });
    const queryClient = signInAs(TRAINER_ANA);
    const user = userEvent.setup();
    renderRoutes(routes, '/financeiro', { queryClient });
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();

    act(() => useSession.getState().signIn('another-token'));
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
  });

  it("after Sair, the session guard's own redirect (when it lands after Sair's) does not bring the page back", async () => {
    stubApi({ 'GET /api/me': () => ({ status: 200, body: TRAINER_ANA }) });
    const queryClient = signInAs(TRAINER_ANA);
    renderRoutes(routes, '/ajustes', { queryClient });
    expect(await screen.findByRole('heading', { name: 'Ajustes', level: 1 })).toBeInTheDocument();
    // What Sair leaves in the store, without Sair's own navigation: only the guard moves the page.
    setSession({ status: 'signed-out', accessToken: null, signedOutByUser: true });
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();

    act(() => useSession.getState().signIn('another-token'));
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
  });

  it('a session that ended by itself signs back in on the page it was on', async () => {
    stubApi({ 'GET /api/me': () => ({ status: 200, body: TRAINER_ANA }) });
    const queryClient = signInAs(TRAINER_ANA);
    renderRoutes(routes, '/ajustes', { queryClient });
    expect(await screen.findByRole('heading', { name: 'Ajustes', level: 1 })).toBeInTheDocument();
    act(() => useSession.getState().clear());
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();

    act(() => useSession.getState().signIn('another-token'));
    expect(await screen.findByRole('heading', { name: 'Ajustes', level: 1 })).toBeInTheDocument();
  });

  it("keeps the session and says 'Erro ao fazer logout' when the server fails", async () => {
    stubApi({ 'POST /api/auth/logout': () => ({ status: 500 }) });
    const queryClient = signInAs(TRAINER_ANA);
    const user = userEvent.setup();
    renderRoutes(routes, '/financeiro', { queryClient });
    await user.click(await screen.findByRole('button', { name: 'Sair' }));

    expect(await screen.findByText('Erro ao fazer logout')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Financeiro' })).toBeInTheDocument();
  });

  it('returns to the page that asked for a login', async () => {
    stubApi({
      'POST /api/auth/login': () => ({ status: 200, body: { accessToken: 'token-1' } }),
      'GET /api/me': () => ({ status: 200, body: TRAINER_ANA }),
    });
    setSession({ status: 'signed-out' });
    const user = userEvent.setup();
    renderRoutes(routes, '/alunos');
    await user.type(await screen.findByLabelText(/E-mail/), 'ana@exemplo.com');
    await user.type(screen.getByLabelText(/^Senha/), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Alunos' })).toBeInTheDocument();
  });
});

describe('unknown paths', () => {
  it('show the 404 page with a link home, signed in or not', async () => {
    setSession({ status: 'signed-out' });
    const queryClient = createTestQueryClient();
    const user = userEvent.setup();
    renderRoutes(routes, '/nada/por/aqui', { queryClient });
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();

    signInAs(TRAINER_ANA, queryClient);
    await user.click(screen.getByRole('link', { name: 'Voltar para o início' }));
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
  });
});

describe('route error page', () => {
  const consoleError = jest.spyOn(console, 'error');
  beforeEach(() => consoleError.mockImplementation(() => {}));
  afterAll(() => consoleError.mockRestore());

  function failingRoute(thrown: unknown): RouteObject[] {
    return [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        Component: () => {
          throw thrown;
        },
      },
    ];
  }

  it('shows the message of a thrown error', async () => {
    renderRoutes(failingRoute(new Error('Falha ao montar a página')));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Falha ao montar a página')).toBeInTheDocument();
  });

  it('shows the status and status text of a failed response', async () => {
    const routesWithLoader: RouteObject[] = [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        Component: () => null,
        HydrateFallback: () => null,
      },
    ];
    renderRoutes(routesWithLoader);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
  });
});
