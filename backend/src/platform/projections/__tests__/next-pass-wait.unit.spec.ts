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

describe('how long a projection waits when its events are held back behind a running transaction', () => {
  it('tries again after its coalescing time, doubled each time it is still held', () => {
    // given a pass that took 1 ms and found events of its types behind another's open batch
    const { last, now } = after({ carried: 0, gatheredMs: 8, passMs: 1 });
    // then the first retry starts its coalescing time after that pass, the next ones later
    expect(waitBeforeNextPass(last, 5, now, 1)).toBe(4);
    expect(waitBeforeNextPass(last, 5, now, 2)).toBe(9);
    expect(waitBeforeNextPass(last, 5, now, 4)).toBe(39);
  });

  it('never waits longer than the safety net would', () => {
    const { last, now } = after({ carried: 0, gatheredMs: 8, passMs: 1 });
    expect(waitBeforeNextPass(last, 5, now, 20)).toBe(999);
  });
});
