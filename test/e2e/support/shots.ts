import type { Page } from '@playwright/test';

/**
 * Screenshots for a person to look at, light and dark, only when asked (SHOTS_DIR=/tmp/shots):
 * `{dir}/{project}-{name}-{scheme}.png`.
 */
export async function shot(page: Page, name: string, projectName: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((value) => document.documentElement.setAttribute('data-mantine-color-scheme', value), scheme);
    // The colours change through CSS transitions: a picture taken at once mixes both schemes.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await page.screenshot({ path: `${dir}/${projectName}-${name}-${scheme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}
