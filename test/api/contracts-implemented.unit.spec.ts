import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Operation } from '../../backend/src/contracts/shared/routes';
import { implementedOperations } from '../../backend/src/platform/http/implements';
import { projectionsReadBy } from '../../backend/src/platform/projections/reads-projections.decorator';

/**
 * Every operation the contracts declare is implemented by exactly one controller method, and a read
 * the contract says waits for the caller's writes (`X-Min-Position`) names the read models it waits
 * for — and only those reads do.
 */

const SOURCE = path.resolve(__dirname, '../../backend/src');
const files = (pattern: RegExp) =>
  readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('__tests__'))
    .map((file) => path.join(SOURCE, file));

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && '~operation' in value;

async function declaredOperations(): Promise<Map<Operation, string>> {
  const declared = new Map<Operation, string>();
  for (const file of files(/^contracts\/[^/]+\/api\.ts$/)) {
    const exported = (await import(file)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exported)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const [name, operation] of Object.entries(value)) {
        if (isOperation(operation)) declared.set(operation, `${exportName}.${name}`);
      }
    }
  }
  return declared;
}

describe('the contracts and the controllers', () => {
  let declared: Map<Operation, string>;
  const implemented = implementedOperations();

  beforeAll(async () => {
    for (const file of files(/\.controller\.ts$/)) await import(file);
    declared = await declaredOperations();
  });

  it('implement every declared operation exactly once', () => {
    const counts = new Map<string, number>();
    for (const { operation } of implemented) {
      const name = declared.get(operation) ?? `(não declarada em contracts/*/api.ts) ${operation['~operation'].path}`;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const problems = [...declared.values()]
      .filter((name) => counts.get(name) !== 1)
      .map((name) => `${name}: ${counts.get(name) ?? 0}`);
    problems.push(...[...counts.keys()].filter((name) => name.startsWith('(')));
    expect(problems).toEqual([]);
    expect(declared.size).toBeGreaterThan(0);
  });

  it('wait for read models exactly on the reads whose contract takes X-Min-Position', () => {
    const mismatched = implemented
      .filter(({ operation, handler }) => {
        const waits = projectionsReadBy(handler).length > 0;
        return waits !== operation['~orpc'].meta.readsOwnWrites;
      })
      .map(({ operationId }) => operationId);
    expect(mismatched).toEqual([]);
  });

  it('give every operation its own method and path', () => {
    const routes = implemented.map(
      ({ operation }) => `${operation['~orpc'].route.method} ${operation['~operation'].path}`,
    );
    expect(routes.length).toBe(new Set(routes).size);
  });
});
