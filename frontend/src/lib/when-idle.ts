/**
 * Resolves when the browser is next idle (at the latest after `timeoutMs`): for work the first
 * screen does not need, so it runs once the page is up instead of between it and its data.
 */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
