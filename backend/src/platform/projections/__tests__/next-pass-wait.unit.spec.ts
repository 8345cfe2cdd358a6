import { waitBeforeNextPass } from '../projection-worker';

/** A pass that started at 1,000 ms and took `passMs`; the next is planned as it ends. */
const after = (pass: { carried: number; gatheredMs: number; passMs: number }) => ({
  last: { ...pass, lastPassAt: 1_000 },
  now: 1_000 + pass.passMs,
});

describe('how long a projection waits before its next pass under a stream of commands', () => {
  it('keeps the short wait while the events come slower than one a millisecond', () => {
    // given a pass that carried 2 events gathered over 8 ms (250 a second), and took 1 ms
    const { last, now } = after({ carried: 2, gatheredMs: 8, passMs: 1 });
    // when the next pass is planned
    // then it starts the projection's own coalescing time after the last one started
    expect(waitBeforeNextPass(last, 5, now)).toBe(4);
  });

  it('keeps it after a pass that came late and so carried more than usual', () => {
    // given a pass held up 60 ms by a busy machine, carrying 12 events (200 a second)
    const { last, now } = after({ carried: 12, gatheredMs: 60, passMs: 2 });
    expect(waitBeforeNextPass(last, 5, now)).toBe(3);
  });

  it('starts passes 10 ms apart when the events come at a thousand a second or more', () => {
    // given passes 8 ms apart carrying 16 events each (2,000 a second), each taking 2 ms
    const quick = after({ carried: 16, gatheredMs: 8, passMs: 2 });
    expect(waitBeforeNextPass(quick.last, 5, quick.now)).toBe(8);
    // and a first pass that carried what gathered within the same millisecond
    const first = after({ carried: 3, gatheredMs: 0, passMs: 1 });
    expect(waitBeforeNextPass(first.last, 5, first.now)).toBe(9);
  });

  it('never waits when the last pass took longer than the time between passes', () => {
    const { last, now } = after({ carried: 2, gatheredMs: 8, passMs: 30 });
    expect(waitBeforeNextPass(last, 5, now)).toBe(0);
  });

  it('never shortens a longer wait of its own (a process manager waits 50 ms)', () => {
    const heavy = after({ carried: 100, gatheredMs: 10, passMs: 2 });
    expect(waitBeforeNextPass(heavy.last, 50, heavy.now)).toBe(48);
    const idle = after({ carried: 0, gatheredMs: 10, passMs: 2 });
    expect(waitBeforeNextPass(idle.last, 50, idle.now)).toBe(48);
  });
});
