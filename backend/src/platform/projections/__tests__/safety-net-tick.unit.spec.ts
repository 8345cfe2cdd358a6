import { SAFETY_NET_PASSES_AT_ONCE, safetyNetTick } from '../projection-worker';

const names = ['students', 'credit-ledger', 'sessions', 'charges', 'contracts'];
/** Every reader last started `ago` ms before 10,000; the net runs each at least every 1,000 ms. */
const given = (ago: number, overrides: Partial<Parameters<typeof safetyNetTick>[0]> = {}) =>
  safetyNetTick({
    names,
    now: 10_000,
    everyMs: 1_000,
    lastStarted: new Map(names.map((name) => [name, 10_000 - ago])),
    running: new Set<string>(),
    ownPassesRunning: 0,
    look: { at: 9_990 },
    ...overrides,
  });

describe("the safety net's choice on one tick", () => {
  it('starts at most a few passes at once when every reader is due in the same tick', () => {
    // given five readers all due (a steady stream of another kind of event left them all behind)
    // when the net ticks with the look at the log unknown (every due reader may be behind)
    const tick = given(1_500);
    // then it starts only the first ones; the others stay due for the next ticks
    expect(tick.run).toEqual(names.slice(0, SAFETY_NET_PASSES_AT_ONCE));
    expect(tick.checked).toEqual([]);
  });

  it('starts none while its own passes fill the allowance, and the next ones as they end', () => {
    expect(given(1_500, { ownPassesRunning: SAFETY_NET_PASSES_AT_ONCE }).run).toEqual([]);
    expect(given(1_500, { ownPassesRunning: SAFETY_NET_PASSES_AT_ONCE - 1 }).run).toEqual([
      'students',
    ]);
  });

  it('counts a reader with nothing of its types as checked, without a pass or a place', () => {
    // given a look that found only sessions and contracts behind
    const look = { at: 9_990, behind: new Set(['sessions', 'contracts']) };
    const tick = given(1_500, { look });
    // then those two run and the others are only marked as checked, whatever the allowance
    expect(tick.run).toEqual(['sessions', 'contracts']);
    expect(tick.checked).toEqual(['students', 'credit-ledger', 'charges']);
  });

  it('leaves alone readers that started within the period or are running now', () => {
    expect(given(400).run).toEqual([]);
    const tick = given(1_500, { running: new Set(['students', 'credit-ledger']) });
    expect(tick.run).toEqual(['sessions', 'charges']);
  });

  it('waits for a look at the log that is still on its way rather than running blind', () => {
    expect(given(1_500, { look: 'pending' })).toEqual({ run: [], checked: [] });
  });
});
