import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * `npm install` on a fresh clone rewrites a lock file whose recorded ranges differ from the
 * package.json files, leaving the tree dirty (and `npm ci` trusts the lock, so nobody notices).
 */
const root = path.resolve(__dirname, '../..');
const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

const dependencyFields = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
];

describe('package-lock.json', () => {
  const lock = readJson('package-lock.json') as {
    packages: Record<string, Record<string, unknown>>;
  };

  it.each([
    ['the root', '', 'package.json'],
    ['backend', 'backend', 'backend/package.json'],
    ['frontend', 'frontend', 'frontend/package.json'],
  ])('records the same dependency ranges as %s package.json', (_name, lockKey, manifest) => {
    const declared = readJson(manifest);
    const locked = lock.packages[lockKey];
    for (const field of dependencyFields) {
      expect({ field, ranges: locked?.[field] ?? {} }).toEqual({
        field,
        ranges: declared[field] ?? {},
      });
    }
  });
});
