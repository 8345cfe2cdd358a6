import { act, screen, waitFor } from '@testing-library/react';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { useSession } from '../lib/session-store';
import { stubApi, type StubbedCall } from '../test/fetch-stub';
import { TRAINER_ANA } from '../test/fixtures';
import { createTestQueryClient, renderAt } from '../test/render';
import { meQuery } from '../entities/me';
import { readHomeAhead } from './home-reads';

/** An access token as the API signs it, as far as the app reads it (its claims, unverified). */
const tokenOf = (role: 'personal' | 'aluno') =>
  `header.${btoa(JSON.stringify({ sub: 'u1', role })).replace(/=+$/, '')}.signature`;

const home = {
  'GET /api/dashboard': () => ({
    status: 200,
    body: {
      hoje: 2,
      semana: 5,
      totalAlunos: 7,
      locaisAtivos: 1,
      proximas: [],
      pedidosRemarcar: [],
      primeirosPassos: { local: true, plano: true, aluno: true, sessao: true, pix: true },
    },
  }),
  'GET /api/charges/summary': () => ({
    status: 200,
    body: { pendente: { total: 350, quantidade: 1 }, emAtraso: { total: 0, quantidade: 0 } },
  }),
  'GET /api/reminders/tomorrow': () => ({ status: 200, body: { dia: '2030-05-11', items: [] } }),
  'GET /api/sessions': () => ({ status: 200, body: { items: [] } }),
};

const reads = (calls: StubbedCall[]) => calls.map((call) => call.path).sort();

function pageLoad(role: 'personal' | 'aluno', path: string) {
  const queryClient = createTestQueryClient();
  act(() => useSession.setState({ status: 'loading', accessToken: null }));
  const stop = readHomeAhead(queryClient, () => path);
  return {
    queryClient,
    signIn: () => act(() => useSession.setState({ status: 'signed-in', accessToken: tokenOf(role) })),
    stop,
  };
}

describe("the home's reads, asked for as the session comes up", () => {
  it("a trainer's page load on '/' asks for the dashboard, 'A receber', tomorrow's reminders and their week at once", async () => {
    const api = stubApi(home);
    const load = pageLoad('personal', '/');
    expect(api.calls).toHaveLength(0);
    load.signIn();
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(reads(api.calls)).toEqual([
      '/api/charges/summary',
      '/api/dashboard',
      '/api/reminders/tomorrow',
      '/api/sessions',
    ]);
    // The week that holds tomorrow, as the reminders' card reads it for their states.
    const week = api.calls.find((call) => call.path === '/api/sessions');
    const tomorrow = Date.now() + 24 * 3_600_000;
    expect(Date.parse(week?.query.get('from') ?? '')).toBeLessThanOrEqual(tomorrow);
    expect(Date.parse(week?.query.get('to') ?? '')).toBeGreaterThan(tomorrow);
    load.stop();
  });

  it('the dashboard then shows what was read ahead and asks for nothing again', async () => {
    const api = stubApi(home);
    const load = pageLoad('personal', '/');
    load.signIn();
    await waitFor(() => expect(load.queryClient.isFetching()).toBe(0));
    const before = api.calls.length;
    load.queryClient.setQueryData(meQuery().queryKey, TRAINER_ANA);
    renderAt(<DashboardPage />, '/', { queryClient: load.queryClient });
    expect(screen.getByRole('group', { name: 'Hoje' })).toHaveTextContent('2');
    expect(screen.getByTestId('a-receber-total')).toHaveTextContent('R$ 350,00');
    expect(api.calls).toHaveLength(before);
    load.stop();
  });

  it("asks for nothing on a student's page load, on another page, or when a signed-in session renews its token", async () => {
    const api = stubApi(home);
    for (const [role, path] of [
      ['aluno', '/'],
      ['personal', '/agenda'],
    ] as const) {
      const load = pageLoad(role, path);
      load.signIn();
      load.stop();
    }
    const renewed = readHomeAhead(createTestQueryClient(), () => '/');
    act(() => useSession.setState({ accessToken: tokenOf('personal') }));
    renewed();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toHaveLength(0);
  });
});
