import type { Page } from '@playwright/test';

/**
 * Puts the page in a colour scheme at once: the colours change with CSS transitions held off, so a
 * picture (or a contrast check) taken next shows the new scheme's final colours, not a mix of both,
 * without waiting for each transition to run its course.
 */
export async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(() => {
    const still = document.createElement('style');
    still.id = 'scheme-without-transitions';
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
  });
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(async (value) => {
    document.documentElement.setAttribute('data-mantine-color-scheme', value);
    // Styles recomputed while transitions are off; put back, they start none (no colour changes any more).
    void document.body.getBoundingClientRect();
    document.getElementById('scheme-without-transitions')?.remove();
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  }, scheme);
}

/**
 * Screenshots for a person to look at, light and dark, only when asked (SHOTS_DIR=/tmp/shots):
 * `{dir}/{project}-{name}-{scheme}.png`.
 */
export async function shot(page: Page, name: string, projectName: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await page.screenshot({ path: `${dir}/${projectName}-${name}-${scheme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}
