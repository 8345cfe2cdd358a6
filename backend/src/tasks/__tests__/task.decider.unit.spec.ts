import { deciderSpec } from '../../../../test/support/decider-spec';
import { nextOccurrenceDate, ordemBetween } from '../../contracts/tasks/api';
import { type TaskCommand, taskDecider } from '../domain/task.decider';
import type { TaskDetails, TaskEvent } from '../domain/task.events';
import { taskListDecider } from '../domain/task-list.decider';
import type { TaskListEvent } from '../domain/task-list.events';

// 01:30 UTC on 10 March is still 9 March in São Paulo (and already 10 March in Tokyo).
const now = new Date('2026-03-10T01:30:00.000Z');
const given = deciderSpec(taskDecider, now);
const LIST = '0190f0e0-0000-7000-8000-0000000000a1';
const OTHER_LIST = '0190f0e0-0000-7000-8000-0000000000a2';
const NEXT = '0190f0e0-0000-7000-8000-0000000000b1';
const LATER = '0190f0e0-0000-7000-8000-0000000000b2';

const details: TaskDetails = {
  titulo: 'Enviar treino da semana',
  descricao: null,
  dataVencimento: '2026-03-06',
  horaVencimento: '07:30',
  listId: LIST,
  repeticao: 'semanal',
  ordem: 5,
  diaDoMes: null,
};
const created = (changes: Partial<TaskDetails> = {}): TaskEvent => ({
  type: 'TaskCreated',
  data: { ...details, ...changes, anteriorId: null },
});
const completedAt = now.toISOString();
/** Completing the task now, `nextId` for its next occurrence. */
const completing = (nextId = NEXT): TaskCommand => ({
  type: 'UpdateTask',
  changes: { concluida: true },
  nextId,
});
/** Completed now, followed by `proxima` (the task's `details` with what it changes) or by none. */
const completed = (proxima: (Partial<TaskDetails> & { id: string }) | null): TaskEvent => ({
  type: 'TaskCompleted',
  data: { concluidaEm: completedAt, proxima: proxima && { ...details, ...proxima } },
});

describe('task decider', () => {
  it('creates a task, last when it has no ordem, with no time when it has no date', () => {
    given()
      .when({
        type: 'CreateTask',
        task: {
          titulo: 'Comprar elásticos',
          descricao: null,
          dataVencimento: null,
          horaVencimento: '10:00',
          listId: LIST,
          repeticao: 'nenhuma',
          ordem: undefined,
          concluida: false,
        },
        nextId: NEXT,
      })
      .then([
        {
          type: 'TaskCreated',
          data: {
            titulo: 'Comprar elásticos',
            descricao: null,
            dataVencimento: null,
            horaVencimento: null,
            listId: LIST,
            repeticao: 'nenhuma',
            ordem: now.getTime(),
            diaDoMes: null,
            anteriorId: null,
          },
        },
      ]);
    given(created())
      .when({ type: 'CreateTask', task: { ...details, concluida: false }, nextId: NEXT })
      .thenFails('task_exists');
  });

  it('completes a repeating task once, with its next occurrence a week after its due date', () => {
    given(created())
      .when(completing())
      .then([completed({ id: NEXT, dataVencimento: '2026-03-13', diaDoMes: null })]);
    // Completed again (a retry, a second device): nothing happens.
    const completion = given(created()).when(completing()).events();
    given(created(), ...completion)
      .when(completing(LATER))
      .then([]);
    // Reopened and completed again: no second occurrence.
    given(created(), ...completion, { type: 'TaskReopened', data: {} })
      .when(completing(LATER))
      .then([completed(null)]);
  });

  it('completes a task that does not repeat without a next one, and reopens it', () => {
    const single = created({ repeticao: 'nenhuma' });
    given(single)
      .when(completing())
      .then([completed(null)]);
    given(single, completed(null))
      .when({ type: 'UpdateTask', changes: { concluida: false }, nextId: NEXT })
      .then([{ type: 'TaskReopened', data: {} }]);
    given(single)
      .when({ type: 'UpdateTask', changes: { concluida: false }, nextId: NEXT })
      .then([]);
  });

  it('repeats an undated task from today in São Paulo, whatever the server zone', () => {
    given(created({ dataVencimento: null, horaVencimento: null, repeticao: 'diaria' }))
      .when(completing())
      .then([
        completed({
          id: NEXT,
          horaVencimento: null,
          repeticao: 'diaria',
          dataVencimento: '2026-03-10',
          diaDoMes: null,
        }),
      ]);
  });

  it('keeps the day of a monthly series through shorter months', () => {
    const monthly = created({ dataVencimento: '2026-01-31', repeticao: 'mensal' });
    const first = given(monthly).when(completing()).events();
    expect(first).toEqual([
      completed({ id: NEXT, repeticao: 'mensal', dataVencimento: '2026-02-28', diaDoMes: 31 }),
    ]);
    const proxima = (first[0] as Extract<TaskEvent, { type: 'TaskCompleted' }>).data.proxima!;
    const { id: _id, ...february } = proxima;
    given({ type: 'TaskCreated', data: { ...february, anteriorId: 'x' } })
      .when(completing(LATER))
      .then([completed({ ...february, id: LATER, dataVencimento: '2026-03-31', diaDoMes: 31 })]);
    // A date edited by hand starts a new day for the series.
    given({ type: 'TaskCreated', data: { ...february, anteriorId: 'x' } })
      .when({ type: 'UpdateTask', changes: { dataVencimento: '2026-02-15' }, nextId: LATER })
      .then([{ type: 'TaskUpdated', data: { dataVencimento: '2026-02-15', diaDoMes: null } }]);
  });

  it('applies field changes before the completion they come with', () => {
    given(created({ repeticao: 'nenhuma' }))
      .when({
        type: 'UpdateTask',
        changes: { repeticao: 'diaria', listId: OTHER_LIST, concluida: true },
        nextId: NEXT,
      })
      .then([
        { type: 'TaskUpdated', data: { repeticao: 'diaria', listId: OTHER_LIST } },
        completed({
          id: NEXT,
          repeticao: 'diaria',
          listId: OTHER_LIST,
          dataVencimento: '2026-03-07',
          diaDoMes: null,
        }),
      ]);
  });

  it("keeps date, time and 'Dia inteiro' in agreement", () => {
    given(created())
      .when({ type: 'UpdateTask', changes: { diaInteiro: true }, nextId: NEXT })
      .then([{ type: 'TaskUpdated', data: { horaVencimento: null } }]);
    given(created())
      .when({ type: 'UpdateTask', changes: { dataVencimento: null }, nextId: NEXT })
      .then([{ type: 'TaskUpdated', data: { dataVencimento: null, horaVencimento: null } }]);
    given(created({ horaVencimento: null }))
      .when({ type: 'UpdateTask', changes: { diaInteiro: false }, nextId: NEXT })
      .thenFails('validation_error', "Informe o horário ou marque 'Dia inteiro'");
    given(created({ dataVencimento: null, horaVencimento: null }))
      .when({ type: 'UpdateTask', changes: { horaVencimento: '08:00' }, nextId: NEXT })
      .thenFails('validation_error', 'Informe a data de vencimento para definir um horário');
    given(created({ horaVencimento: null }))
      .when({ type: 'UpdateTask', changes: { horaVencimento: '08:00' }, nextId: NEXT })
      .then([{ type: 'TaskUpdated', data: { horaVencimento: '08:00' } }]);
    given(created())
      .when({ type: 'UpdateTask', changes: { titulo: details.titulo, ordem: 5 }, nextId: NEXT })
      .then([]);
  });

  it("takes a task with no date whatever 'Dia inteiro' says: no date means no time", () => {
    given(created({ dataVencimento: null, horaVencimento: null }))
      .when({ type: 'UpdateTask', changes: { titulo: 'Ligar', diaInteiro: false }, nextId: NEXT })
      .then([{ type: 'TaskUpdated', data: { titulo: 'Ligar' } }]);
    given(created())
      .when({
        type: 'UpdateTask',
        changes: { dataVencimento: null, horaVencimento: null, diaInteiro: false },
        nextId: NEXT,
      })
      .then([{ type: 'TaskUpdated', data: { dataVencimento: null, horaVencimento: null } }]);
  });

  it('answers not found for a task that does not exist or was removed', () => {
    given().when({ type: 'RemoveTask' }).thenFails('not_found', 'Tarefa não encontrada');
    given(created(), { type: 'TaskRemoved', data: {} }).when(completing()).thenFails('not_found');
    given(created())
      .when({ type: 'RemoveTask' })
      .then([{ type: 'TaskRemoved', data: {} }]);
  });
});

describe('task list decider', () => {
  const givenList = deciderSpec(taskListDecider, now);
  const listCreated: TaskListEvent = {
    type: 'TaskListCreated',
    data: { nome: 'Academia', cor: '#12b886', ordem: 3, padrao: false },
  };

  it('creates a list, last when it has no ordem', () => {
    givenList()
      .when({
        type: 'CreateTaskList',
        list: { nome: 'Academia', cor: '#12b886', ordem: undefined },
      })
      .then([
        {
          type: 'TaskListCreated',
          data: { nome: 'Academia', cor: '#12b886', ordem: now.getTime(), padrao: false },
        },
      ]);
    givenList(listCreated)
      .when({ type: 'CreateTaskList', list: { nome: 'Academia', cor: '#12b886', ordem: 1 } })
      .thenFails('task_list_exists');
  });

  it('updates what changed and removes a list', () => {
    givenList(listCreated)
      .when({ type: 'UpdateTaskList', changes: { nome: 'Estúdio', cor: '#12b886' }, padrao: false })
      .then([{ type: 'TaskListUpdated', data: { nome: 'Estúdio' } }]);
    givenList(listCreated)
      .when({ type: 'RemoveTaskList', padrao: false })
      .then([{ type: 'TaskListRemoved', data: {} }]);
    givenList(listCreated, { type: 'TaskListRemoved', data: {} })
      .when({ type: 'UpdateTaskList', changes: { nome: 'X' }, padrao: false })
      .thenFails('not_found', 'Lista não encontrada');
    givenList()
      .when({ type: 'RemoveTaskList', padrao: false })
      .thenFails('not_found', 'Lista não encontrada');
  });

  it('starts the default list stream on its first change, and never removes it', () => {
    givenList()
      .when({ type: 'UpdateTaskList', changes: { nome: 'Pessoal' }, padrao: true })
      .then([
        {
          type: 'TaskListCreated',
          data: { nome: 'Pessoal', cor: '#228be6', ordem: 0, padrao: true },
        },
      ]);
    givenList()
      .when({ type: 'UpdateTaskList', changes: { nome: 'Minhas tarefas' }, padrao: true })
      .then([]);
    givenList()
      .when({ type: 'RemoveTaskList', padrao: true })
      .thenFails('default_list', 'A lista padrão não pode ser excluída.');
    givenList({ type: 'TaskListCreated', data: { ...listCreated.data, padrao: true } })
      .when({ type: 'RemoveTaskList', padrao: true })
      .thenFails('default_list');
  });
});

describe('task rules', () => {
  it('gives the next date of each repetition, months clamped to their last day', () => {
    expect(nextOccurrenceDate('2026-12-31', 'diaria')).toBe('2027-01-01');
    expect(nextOccurrenceDate('2026-02-26', 'semanal')).toBe('2026-03-05');
    expect(nextOccurrenceDate('2026-01-31', 'mensal')).toBe('2026-02-28');
    expect(nextOccurrenceDate('2028-01-31', 'mensal')).toBe('2028-02-29');
    expect(nextOccurrenceDate('2026-02-28', 'mensal', 31)).toBe('2026-03-31');
    expect(nextOccurrenceDate('2026-03-31', 'mensal', 31)).toBe('2026-04-30');
    expect(nextOccurrenceDate('2026-12-15', 'mensal')).toBe('2027-01-15');
  });

  it('puts a dragged task between its neighbours, or asks for renumbering when there is no room', () => {
    expect(ordemBetween(undefined, undefined)).toBe(0);
    expect(ordemBetween(undefined, 10)).toBe(9);
    expect(ordemBetween(10, undefined)).toBe(11);
    expect(ordemBetween(1, 2)).toBe(1.5);
    expect(ordemBetween(1, 1)).toBeUndefined();
    expect(ordemBetween(1, 1 + 1e-7)).toBeUndefined();
  });
});
