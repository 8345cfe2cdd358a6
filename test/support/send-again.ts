import { setTimeout as sleep } from 'node:timers/promises';

/**
 * As a client does with a refusal that says "try again" (a 503: the pool's wait for a connection
 * ran out on a busy machine): `send` again after a random pause that grows with each try (capped at
 * 5 s), until `giveUpMs` have passed. `refused` is asked about every answer and every error thrown;
 * the last one is answered (or thrown) as it came. How many tries it takes depends on how busy the
 * machine is, so this gives up on time, not on a count.
 */
export async function sendAgainWhileRefused<Answer>(
  send: () => Promise<Answer>,
  refused: (outcome: unknown) => boolean,
  giveUpMs: number,
): Promise<Answer> {
  const giveUpAt = Date.now() + giveUpMs;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) await sleep(Math.random() * Math.min(250 * 2 ** attempt, 5_000));
    const outcome = await send().then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );
    const last = Date.now() > giveUpAt;
    if ('answer' in outcome && (last || !refused(outcome.answer))) return outcome.answer;
    if ('error' in outcome && (last || !refused(outcome.error))) throw outcome.error;
  }
}
