import type { Task, TaskList } from '@contracts/tasks/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { LocationProbe, renderRoutes, signInAs } from '../../../test/render';
import { TasksPage } from './tasks-page';

const DEFAULT = '0190f0e0-0000-7000-8000-0000000000a1';
const ACADEMIA = '0190f0e0-0000-7000-8000-0000000000a2';
const lists: TaskList[] = [
  { id: DEFAULT, nome: 'Minhas tarefas', cor: '#228be6', ordem: 0, padrao: true },
  { id: ACADEMIA, nome: 'Academia', cor: '#fa5252', ordem: 1, padrao: false },
];

/** A task titled `titulo`, its id the title with dashes ('Pagar-academia'). */
const task = (titulo: string, fields: Partial<Task> = {}): Task => ({
  id: titulo.replace(/ /g, '-'),
  titulo,
  descricao: null,
  dataVencimento: null,
  horaVencimento: null,
  listId: DEFAULT,
  diaInteiro: true,
  repeticao: 'nenhuma',
  concluida: false,
  concluidaEm: null,
  ordem: 1,
  anteriorId: null,
  proximaId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

let api: ApiStub | undefined;

function renderTasks(path = '/agenda/tarefas') {
  renderRoutes(
    [
      {
        path: '/agenda/tarefas',
        element: (
          <>
            <TasksPage />
            <LocationProbe />
          </>
        ),
      },
    ],
    path,
    { queryClient: signInAs(TRAINER_ANA) },
  );
}

const serve = (tasks: Task[], extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /api/task-lists': () => ({ status: 200, body: { items: lists } }),
    'GET /api/tasks': () => ({ status: 200, body: { items: tasks } }),
    ...extra,
  });

describe('/agenda/tarefas', () => {
  it('selects the first list, shows its open tasks and then Concluída (N)', async () => {
    api = serve([
      task('Comprar elásticos', { ordem: 2 }),
      task('Enviar treino', { ordem: 1 }),
      task('Limpar colchonetes', { listId: ACADEMIA }),
      task('Renovar CREF', { concluida: true, concluidaEm: '2026-01-02T00:00:00.000Z', dataVencimento: '2025-12-30' }),
    ]);
    const user = userEvent.setup();
    renderTasks();
    const pending = await screen.findByRole('list', { name: 'Tarefas pendentes' });
    expect(within(pending).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Enviar treino',
      'Comprar elásticos',
    ]);
    const nav = screen.getAllByRole('navigation', { name: 'Listas de tarefas' })[0];
    expect(within(nav).getByRole('button', { name: /Minhas tarefas/ })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Concluída (1)' }));
    expect(await screen.findByRole('button', { name: 'Excluir "Renovar CREF"' })).toBeInTheDocument();
    // A completed task keeps its due date beside when it was done.
    expect(screen.getByText('Concluída em 02/01/2026')).toBeInTheDocument();
    expect(screen.getByText('30/12/2025')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: /Academia/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/agenda/tarefas?lista=${ACADEMIA}`);
    expect(within(screen.getByRole('list', { name: 'Tarefas pendentes' })).getByText('Limpar colchonetes')).toBeInTheDocument();
  });

  it("says 'Nenhuma tarefa nesta lista' for an empty list", async () => {
    api = serve([]);
    renderTasks();
    expect(await screen.findByText('Nenhuma tarefa nesta lista')).toBeInTheDocument();
  });

  it('completes at once, and unticks again when the API refuses (no toast)', async () => {
    let answer = 409;
    api = serve([task('Pagar academia')], {
      'PATCH /api/tasks/Pagar-academia': () => ({
        status: answer,
        body: answer === 200 ? { position: 9 } : { statusCode: 409, code: 'concurrent_modification', message: 'Tente novamente.' },
      }),
    });
    const user = userEvent.setup();
    renderTasks();
    const check = await screen.findByRole('checkbox', { name: 'Concluir "Pagar academia"' });
    await user.click(check);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Concluir "Pagar academia"' })).not.toBeChecked());
    expect(screen.queryByRole('button', { name: /^Concluída/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ concluida: true }]);
    answer = 200;
  });

  it('does nothing for a blank title; keeps what was typed when the creation fails; toasts when it works', async () => {
    let fail = true;
    api = serve([], {
      'POST /api/tasks': () =>
        fail
          ? { status: 503, body: { statusCode: 503, code: 'service_unavailable', message: 'Serviço temporariamente indisponível.' } }
          : { status: 201, body: { id: 'n1', position: 3 } },
    });
    const user = userEvent.setup();
    renderTasks('/agenda/tarefas?nova=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nova tarefa' });
    const create = within(dialog).getByRole('button', { name: 'Criar tarefa' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Título'), '   ');
    expect(create).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Título'), 'Avaliação');
    await user.selectOptions(within(dialog).getByLabelText('Repetir'), 'semanal');
    await user.click(create);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Serviço temporariamente indisponível.');
    expect(within(dialog).getByLabelText('Título')).toHaveValue('   Avaliação');

    fail = false;
    await user.click(create);
    expect(await screen.findByText('Tarefa criada com sucesso!')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      titulo: 'Avaliação',
      descricao: null,
      dataVencimento: null,
      horaVencimento: null,
      diaInteiro: true,
      repeticao: 'semanal',
      listId: DEFAULT,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/agenda\/tarefas$/));
  });

  it("says 'Erro ao atualizar tarefa' with the API's message when an edit fails", async () => {
    api = serve([task('Pagar academia')], {
      'PATCH /api/tasks/Pagar-academia': () => ({
        status: 404,
        body: { statusCode: 404, code: 'not_found', message: 'Lista não encontrada' },
      }),
    });
    const user = userEvent.setup();
    renderTasks();
    await user.click(await screen.findByRole('button', { name: 'Pagar academia' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Detalhes da tarefa' })).getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar tarefa' });
    await user.click(within(edit).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao atualizar tarefa')).toBeInTheDocument();
    expect(screen.getByText('Lista não encontrada')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar tarefa' })).toBeInTheDocument();
  });
});
