import { projectionSpec } from '../../../../test/support/projection-spec';
import type { VacationEvent } from '../domain/vacation.decider';
import { vacationsProjection } from '../projections/vacations.projection';

const started: VacationEvent = {
  type: 'VacationStarted',
  data: { startDate: '2030-07-01', endDate: '2030-07-15', description: 'Férias de julho' },
};
const given = projectionSpec(vacationsProjection);

describe('vacations projection', () => {
  it('keeps a period active from the day it starts to the last day blocked', () =>
    given(started).then('vacations', [
      { startDate: '2030-07-01', endDate: '2030-07-15', description: 'Férias de julho', isActive: true, version: 1 },
    ]));

  it('keeps an ended period, inactive', () =>
    given(started)
      .when({ type: 'VacationEnded', data: {} })
      .then('vacations', [{ startDate: '2030-07-01', isActive: false, version: 2 }]));

  it('tells the browsers of the tenant and of every student (their open slots move)', async () => {
    const spec = given(started).when({ type: 'VacationEnded', data: {} });
    await spec.thenChanges([
      { tenantId: spec.tenantId, type: 'vacation', id: spec.streamId, allStudents: true },
    ]);
  });
});
