import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../test/fixtures';
import { stubApi } from '../test/fetch-stub';
import { renderRoutes, signInAs } from '../test/render';
import { routes } from './routes';

describe("the agenda's two views", () => {
  it("switches between 'Calendário' and 'Tarefas'; /agenda/tarefas is the tasks view, not a trainer's id", async () => {
    stubApi({
      'GET /api/task-lists': () => ({
        status: 200,
        body: { items: [{ id: 'l1', nome: 'Minhas tarefas', cor: '#228be6', ordem: 0, padrao: true }] },
      }),
      'GET /api/tasks': () => ({ status: 200, body: { items: [] } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/agenda', { queryClient: signInAs(TRAINER_ANA) });
    const views = await screen.findByRole('navigation', { name: 'Visualização da agenda' });
    expect(within(views).getByRole('radio', { name: 'Calendário' })).toBeChecked();

    await user.click(within(views).getByText('Tarefas'));
    expect(await screen.findByText('Nenhuma tarefa nesta lista')).toBeInTheDocument();
    expect(within(views).getByRole('radio', { name: 'Tarefas' })).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Agendamento do aluno' })).not.toBeInTheDocument();

    await user.click(within(views).getByText('Calendário'));
    expect(await screen.findByRole('heading', { name: 'Agenda' })).toBeInTheDocument();
  });
});
