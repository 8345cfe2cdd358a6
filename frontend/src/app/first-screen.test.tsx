import { screen, waitFor } from '@testing-library/react';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { stubApi } from '../test/fetch-stub';
import { TRAINER_ANA } from '../test/fixtures';
import { renderAt, signInAs } from '../test/render';
import { startFirstScreenReads } from './first-screen';

const routes = {
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
    body: { pendente: { quantidade: 1, total: 150 }, emAtraso: { quantidade: 0, total: 0 } },
  }),
};

describe('the first screen read with the session', () => {
  it('asks for the dashboard and A receber at once; the page shows those answers without asking again', async () => {
    const api = stubApi(routes);
    const queryClient = signInAs(TRAINER_ANA);

    startFirstScreenReads(queryClient, '/', 'personal');
    await waitFor(() => expect(api.calls.map((call) => call.path).sort()).toEqual(['/api/charges/summary', '/api/dashboard']));
    renderAt(<DashboardPage />, '/', { queryClient });

    expect(await screen.findByTestId('a-receber-total')).toHaveTextContent('R$ 150,00');
    expect(screen.getByRole('group', { name: 'Hoje' })).toHaveTextContent('2');
    expect(api.calls).toHaveLength(2);
  });

  it('reads nothing ahead for another page, nor for a student', async () => {
    const api = stubApi(routes);
    const queryClient = signInAs(TRAINER_ANA);

    startFirstScreenReads(queryClient, '/agenda', 'personal');
    startFirstScreenReads(queryClient, '/', 'aluno');
    startFirstScreenReads(queryClient, '/', null);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(api.calls).toEqual([]);
  });
});
