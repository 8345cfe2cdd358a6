import { deciderSpec } from '../../../../test/support/decider-spec';
import type { VisitorOptInEvent } from '../../contracts/booking/events';
import { visitorOptInDecider } from '../domain/visitor-opt-in.decider';

const given = deciderSpec(visitorOptInDecider, new Date('2030-05-09T10:00:00.000Z'));

describe('visitor opt-in decider', () => {
  it("records a booking's WhatsApp opt-in once", () => {
    const record = {
      type: 'RecordVisitorOptIn' as const,
      studentId: '0193a000-0000-7000-8000-0000000000bb',
      locationId: '0193a000-0000-7000-8000-0000000000cc',
      inicio: '2030-05-10T10:00:00.000Z',
    };
    const { type: _command, ...data } = record;
    const optedIn: VisitorOptInEvent = { type: 'VisitorOptedInToWhatsApp', data };
    given().when(record).then([optedIn]);
    given(optedIn).when(record).then([]);
  });
});
