import type { Page } from '@playwright/test';

/** Puts the page in a colour scheme and waits for the CSS transitions that change its colours. */
export async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((value) => document.documentElement.setAttribute('data-mantine-color-scheme', value), scheme);
  // A picture (or a contrast check) taken at once would mix both schemes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
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
