import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { TaskListEvent } from '../domain/task-list.events';
import { taskListsProjection } from '../projections/task-lists.projection';

const created: TaskListEvent = {
  type: 'TaskListCreated',
  data: { nome: 'Treinos', cor: '#22aa55', ordem: 1, padrao: false },
};
const given = projectionSpec(taskListsProjection);

describe('task lists projection', () => {
  it('keeps a list with its name, colour and place', () =>
    given(created).then('task_lists', [
      { nome: 'Treinos', cor: '#22aa55', ordem: 1, padrao: false, removedAt: null, version: 1 },
    ]));

  it('changes only the fields updated, and marks a removed list', () =>
    given(created)
      .when(
        { type: 'TaskListUpdated', data: { nome: 'Aulas', ordem: 3 } },
        { type: 'TaskListRemoved', data: {} },
      )
      .then('task_lists', [
        {
          nome: 'Aulas',
          cor: '#22aa55',
          ordem: 3,
          removedAt: new Date(SPEC_CLOCK.getTime() + 3_000),
          version: 3,
        },
      ]));

  it("tells the tenant's browsers which list changed", async () => {
    const spec = given(created).when({ type: 'TaskListUpdated', data: { cor: '#000000' } });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'task-list', id: spec.streamId }]);
  });
});
