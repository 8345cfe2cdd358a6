import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Rules the engine ranks below serious that still fail a person: content outside every landmark and
 * no `main` leave a screen reader's landmark list without the page, and a role the element does not
 * allow is announced as something it does not do.
 */
const ALSO_FAILING = ['region', 'landmark-one-main', 'aria-allowed-role'];

/**
 * The findings an accessibility engine ranks serious or critical (and ALSO_FAILING), one line each, with where. Judged
 * once what is on screen has stopped moving: a toast still fading in is read with the white behind
 * it and fails the contrast it has once it lands (a spinner's endless animation is not waited for).
 */
export async function seriousFindings(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (alsoFailing) => {
    const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return violations
      .filter(
        (violation) =>
          violation.impact === 'serious' || violation.impact === 'critical' || alsoFailing.includes(violation.id),
      )
      .flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${violation.id} (${violation.impact}): ${node.target.join(' ')} ${node.html.slice(0, 120)} — ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? violation.help}`,
        ),
      );
  }, ALSO_FAILING);
  return violations;
}
