import { screen, within } from '@testing-library/react';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

const dashboard = (
  pedidosRemarcar: { id: string; inicio: string; studentNome: string | null }[],
) => ({
  hoje: 1,
  semana: 3,
  totalAlunos: 4,
  locaisAtivos: 1,
  proximas: [],
  pedidosRemarcar,
  primeirosPassos: { local: true, plano: true, aluno: true, sessao: true, pix: true },
});

describe('dashboard: Pedidos para remarcar', () => {
  it("lists the students who tapped 'Preciso remarcar', by start", async () => {
    stubApi({
      'GET /api/dashboard': () => ({
        status: 200,
        body: dashboard([
          { id: 's1', inicio: '2030-05-10T10:00:00.000Z', studentNome: 'Joana Alves' },
        ]),
      }),
    });
    renderAt(<DashboardPage />, '/dashboard', { queryClient: signInAs(TRAINER_ANA) });
    const card = await screen.findByRole('region', { name: 'Pedidos para remarcar' });
    expect(within(card).getByText('Joana Alves')).toBeInTheDocument();
    expect(within(card).getByText('07:00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ver agenda' })).toHaveAttribute(
      'href',
      '/agenda',
    );
  });

  it('shows no such card when nobody asked', async () => {
    stubApi({ 'GET /api/dashboard': () => ({ status: 200, body: dashboard([]) }) });
    renderAt(<DashboardPage />, '/dashboard', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByRole('group', { name: 'Hoje' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pedidos para remarcar' })).not.toBeInTheDocument();
  });
});
