import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';

/** Waits until the page has no request in flight (briefly): what a click started has arrived. */
export function settledWaiter(page: Page) {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  const done = () => (inFlight = Math.max(0, inFlight - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + 3_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 50) return;
      // A timer here, not page.waitForTimeout: no call to Playwright's driver every 15 ms.
      await sleep(15);
    }
  };
}

