import { waitBeforeNextPass } from '../projection-worker';

describe('how long a projection waits before its next pass under a stream of commands', () => {
  it('keeps the short wait while the events come slower than one a millisecond', () => {
    // given a pass that carried 2 events gathered over 8 ms (250 a second)
    // when the next pass is planned
    // then it waits the projection's own coalescing time
    expect(waitBeforeNextPass({ carried: 2, gatheredMs: 8 }, 5)).toBe(5);
  });

  it('keeps it after a pass that came late and so carried more than usual', () => {
    // given a pass held up 60 ms by a busy machine, carrying 12 events (200 a second)
    expect(waitBeforeNextPass({ carried: 12, gatheredMs: 60 }, 5)).toBe(5);
  });

  it('waits 20 ms between passes when the events come at a thousand a second or more', () => {
    // given passes 8 ms apart carrying 16 events each (2,000 a second)
    expect(waitBeforeNextPass({ carried: 16, gatheredMs: 8 }, 5)).toBe(20);
    // and a first pass that carried what gathered within the same millisecond
    expect(waitBeforeNextPass({ carried: 3, gatheredMs: 0 }, 5)).toBe(20);
  });

  it('never shortens a longer wait of its own (a process manager waits 50 ms)', () => {
    expect(waitBeforeNextPass({ carried: 100, gatheredMs: 10 }, 50)).toBe(50);
    expect(waitBeforeNextPass({ carried: 0, gatheredMs: 10 }, 50)).toBe(50);
  });
});
