import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { TaskDetails, TaskEvent } from '../domain/task.events';
import { tasksProjection } from '../projections/tasks.projection';

const LIST = '0190a0b0-0000-7000-8000-0000000000d1';
const NEXT = '0190a0b0-0000-7000-8000-0000000000d2';
const details: TaskDetails = {
  titulo: 'Montar treino da Ana',
  descricao: null,
  dataVencimento: '2030-03-31',
  horaVencimento: '09:00',
  listId: LIST,
  repeticao: 'mensal',
  ordem: 1,
  diaDoMes: 31,
};
const created: TaskEvent = { type: 'TaskCreated', data: { ...details, anteriorId: null } };
const given = projectionSpec(tasksProjection);

describe('tasks projection', () => {
  it('keeps an open task with its details (the day of the month stays in its stream)', () =>
    given(created).then('tasks', [
      {
        titulo: 'Montar treino da Ana',
        dataVencimento: '2030-03-31',
        horaVencimento: '09:00',
        listId: LIST,
        repeticao: 'mensal',
        concluida: false,
        concluidaEm: null,
        anteriorId: null,
        proximaId: null,
        removedAt: null,
        version: 1,
      },
    ]));

  it('completes with the next occurrence it created, reopens, and marks a removed task', () =>
    given(created, { type: 'TaskUpdated', data: { titulo: 'Montar treino', diaDoMes: null } })
      .when(
        {
          type: 'TaskCompleted',
          data: { concluidaEm: '2030-03-31T12:30:00.000Z', proxima: { ...details, id: NEXT, dataVencimento: '2030-04-30' } },
        },
        { type: 'TaskReopened', data: {} },
        { type: 'TaskRemoved', data: {} },
      )
      .then('tasks', [
        {
          titulo: 'Montar treino',
          concluida: false,
          concluidaEm: null,
          proximaId: NEXT,
          removedAt: new Date(SPEC_CLOCK.getTime() + 5_000),
          version: 5,
        },
      ]));

  it('keeps the completion instant of a completed task', () =>
    given(created)
      .when({ type: 'TaskCompleted', data: { concluidaEm: '2030-03-31T12:30:00.000Z', proxima: null } })
      .then('tasks', [{ concluida: true, concluidaEm: new Date('2030-03-31T12:30:00.000Z'), proximaId: null }]));
});
