import {
  type BookedTime,
  type ScheduleFacts,
  scheduleRefusal,
  type TimeClaim,
} from '../domain/schedule-rules';

/** given(facts).when(claim).then(refusal) — undefined when the claim may be written. */
const given = (facts: Partial<ScheduleFacts> = {}) => ({
  when: (claim: Partial<TimeClaim>) => ({
    then: (expected: ReturnType<typeof scheduleRefusal>) =>
      expect(
        scheduleRefusal(
          { ...CLAIM, ...claim },
          { vacations: [], sessions: [], ...facts },
        ),
      ).toEqual(expected),
  }),
});

/** Monday 4 March 2030 in São Paulo (UTC−3). */
const at = (time: string, date = '2030-03-04') => new Date(`${date}T${time}:00-03:00`).toISOString();
const CLAIM: TimeClaim = {
  sessionId: 'claimed',
  inicio: at('18:30'),
  fim: at('19:30'),
  takesTime: true,
  allowOverlap: false,
  reservesCredit: false,
};
const ana: BookedTime = { sessionId: 'ana', studentId: 'ana-id', inicio: at('18:00'), fim: at('19:00') };
const bia: BookedTime = { sessionId: 'bia', studentId: 'bia-id', inicio: at('19:15'), fim: at('20:00') };
const carnival = { from: at('00:00', '2030-03-04'), to: at('00:00', '2030-03-06') };

describe('schedule rules (every booking path)', () => {
  it('an end not after the start: invalid_range, before anything else, even for a cancelled session', () => {
    given({ vacations: [carnival], sessions: [ana] })
      .when({ fim: CLAIM.inicio })
      .then({ rule: 'invalid_range' });
    given().when({ fim: at('18:00') }).then({ rule: 'invalid_range' });
    given().when({ fim: at('18:00'), takesTime: false }).then({ rule: 'invalid_range' });
  });

  it('over another session: schedule_conflict with the earliest one; back to back is free', () => {
    given({ sessions: [bia, ana] }).when({}).then({ rule: 'schedule_conflict', with: ana });
    given({ sessions: [ana] }).when({ inicio: at('19:00'), fim: at('20:00') }).then(undefined);
    given({ sessions: [ana] }).when({ inicio: at('17:00'), fim: at('18:00') }).then(undefined);
    given({ sessions: [ana] }).when({ inicio: at('18:15'), fim: at('18:45') })
      .then({ rule: 'schedule_conflict', with: ana });
    given({ sessions: [ana] }).when({ inicio: at('17:00'), fim: at('21:00') })
      .then({ rule: 'schedule_conflict', with: ana });
  });

  it('never against itself (an edit of its own time)', () => {
    given({ sessions: [{ ...ana, sessionId: 'claimed' }] }).when({}).then(undefined);
  });

  it('an overlap the trainer allowed for this time is written; a vacation still refuses it', () => {
    given({ sessions: [ana] }).when({ allowOverlap: true }).then(undefined);
    given({ sessions: [ana], vacations: [carnival] })
      .when({ allowOverlap: true })
      .then({ rule: 'blocked_period' });
  });

  it('inside a vacation, or across its edge: blocked_period, before any overlap', () => {
    given({ vacations: [carnival], sessions: [ana] }).when({}).then({ rule: 'blocked_period' });
    given({ vacations: [carnival] })
      .when({ inicio: at('23:30', '2030-03-03'), fim: at('00:30') })
      .then({ rule: 'blocked_period' });
    given({ vacations: [carnival] })
      .when({ inicio: at('23:00', '2030-03-03'), fim: at('00:00') })
      .then(undefined);
  });

  it('a cancelled session holds no time: only its range counts', () => {
    given({ vacations: [carnival], sessions: [ana] }).when({ takesTime: false }).then(undefined);
  });

  it("a student's own booking needs a credit not held by their sessions to come", () => {
    const own = { reservesCredit: true };
    given({ credits: { balance: 2, reserved: 1 } }).when(own).then(undefined);
    given({ credits: { balance: 2, reserved: 2 } }).when(own).then({ rule: 'no_credits' });
    given({ credits: { balance: 0, reserved: 0 } }).when(own).then({ rule: 'no_credits' });
    given({ credits: { balance: -1, reserved: 0 } }).when(own).then({ rule: 'no_credits' });
    // The trainer books whom they like; a taken time is said before the credits.
    given({ credits: { balance: 0, reserved: 0 } }).when({}).then(undefined);
    given({ sessions: [ana], credits: { balance: 0, reserved: 0 } })
      .when(own)
      .then({ rule: 'schedule_conflict', with: ana });
  });
});
