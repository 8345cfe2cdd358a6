import { projectionSpec } from '../../../../test/support/projection-spec';
import type { AvailabilityEvent } from '../domain/availability.decider';
import { availabilityProjection } from '../projections/availability.projection';

const saved = (...items: AvailabilityEvent['data']['items']): AvailabilityEvent => ({
  type: 'AvailabilitySet',
  data: { items },
});
const monday = { dayOfWeek: 1, startTime: '07:00', endTime: '12:00', isBlocked: false };
const mondayLunch = { dayOfWeek: 1, startTime: '12:00', endTime: '13:00', isBlocked: true };
const given = projectionSpec(availabilityProjection);

describe('availability projection', () => {
  it("keeps the trainer's rows in the order they were saved", () =>
    given(saved(monday, mondayLunch)).then('availability_settings', [
      {
        ordem: 0,
        dayOfWeek: 1,
        startTime: '07:00',
        endTime: '12:00',
        isBlocked: false,
        version: 1,
      },
      { ordem: 1, dayOfWeek: 1, startTime: '12:00', endTime: '13:00', isBlocked: true, version: 1 },
    ]));

  it('replaces every row with the last save, of the batch too', () =>
    given(saved(monday, mondayLunch))
      .when(saved(monday), saved({ ...monday, dayOfWeek: 3 }))
      .then('availability_settings', [{ ordem: 0, dayOfWeek: 3, version: 3 }]));

  it('clears the rows when the trainer saves none', () =>
    given(saved(monday)).when(saved()).then('availability_settings', []));

  it("tells the trainer's browsers and every student that the open slots moved", async () => {
    const spec = given(saved(monday)).when(saved(mondayLunch));
    await spec.thenChanges([
      { tenantId: spec.tenantId, type: 'availability', id: spec.tenantId, allStudents: true },
    ]);
  });
});
