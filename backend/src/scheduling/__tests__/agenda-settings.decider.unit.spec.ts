import { deciderSpec } from '../../../../test/support/decider-spec';
import { availabilityDecider } from '../domain/availability.decider';
import { vacationDecider } from '../domain/vacation.decider';

const NOW = new Date('2030-03-01T12:00:00.000Z');

describe('availability decider', () => {
  const given = deciderSpec(availabilityDecider, NOW);
  const monday = { dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isBlocked: false };

  it('replaces every row in one event, and writes nothing for the same rows', () => {
    given()
      .when({ type: 'SetAvailability', items: [monday] })
      .then([{ type: 'AvailabilitySet', data: { items: [monday] } }]);
    // As read back from jsonb, keys in another order: the same rows all the same.
    const stored = { endTime: '12:00', isBlocked: false, dayOfWeek: 1, startTime: '08:00' };
    given({ type: 'AvailabilitySet', data: { items: [stored] } })
      .when({ type: 'SetAvailability', items: [monday] })
      .then([]);
    given({ type: 'AvailabilitySet', data: { items: [monday] } })
      .when({ type: 'SetAvailability', items: [] })
      .then([{ type: 'AvailabilitySet', data: { items: [] } }]);
  });
});

describe('vacation decider', () => {
  const given = deciderSpec(vacationDecider, NOW);
  const period = { startDate: '2030-07-01', endDate: '2030-07-15', description: '' };
  const started = {
    type: 'VacationStarted' as const,
    data: { startDate: '2030-07-01', endDate: '2030-07-15', description: null },
  };

  it('starts once (a blank description is none) and ends once', () => {
    given().when({ type: 'StartVacation', period }).then([started]);
    given(started).when({ type: 'StartVacation', period }).thenFails('vacation_exists');
    given(started)
      .when({ type: 'EndVacation' })
      .then([{ type: 'VacationEnded', data: {} }]);
    given(started, { type: 'VacationEnded', data: {} })
      .when({ type: 'EndVacation' })
      .thenFails('not_found', 'Período não encontrado');
    given().when({ type: 'EndVacation' }).thenFails('not_found');
  });
});
