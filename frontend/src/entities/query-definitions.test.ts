import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Operation } from '@contracts/shared/routes';
import { keyOfPath } from '../lib/query-keys';

/**
 * One query definition per GET endpoint: every `getQuery<typeof api.op>('path', input)` of entities/
 * names a GET operation no other definition names, by that operation's own path, so no two
 * definitions can share a key (a key is the path's segments, then the input) and cache two shapes
 * under it. A read is sent without its contract: `{ anonymous: true }` (no token) is written
 * exactly where the operation is public.
 */

const ENTITIES = __dirname;
const CONTRACTS = path.resolve(__dirname, '../../../backend/src/contracts');

/** The text of a call's arguments, from the `(` at `open` to its matching `)`. */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if ('({['.includes(source[index])) depth++;
    else if (')}]'.includes(source[index]) && --depth === 0) return source.slice(open + 1, index);
  }
  throw new Error('parênteses sem par');
}

function definitions(): { file: string; operation: Operation; name: string; path: string; anonymous: boolean }[] {
  const found: { file: string; operation: Operation; name: string; path: string; anonymous: boolean }[] = [];
  for (const file of readdirSync(ENTITIES, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
    const source = readFileSync(path.join(ENTITIES, file), 'utf8');
    const imports = new Map<string, string>();
    for (const [, names, from] of source.matchAll(/import (?:type )?\{([^}]+)\} from '@contracts\/([^']+)'/g)) {
      for (const name of names.split(',').map((part) => part.trim().replace(/^type /, ''))) imports.set(name, from);
    }
    for (const call of source.matchAll(/getQuery<typeof (\w+)\.(\w+)>\(/g)) {
      const [, api, operationName] = call;
      const module = imports.get(api);
      if (!module) throw new Error(`${file}: ${api} não vem de @contracts`);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const contract = require(path.join(CONTRACTS, module)) as Record<string, Record<string, Operation>>;
      const args = argumentsAt(source, (call.index ?? 0) + call[0].length - 1);
      found.push({
        file,
        operation: contract[api][operationName],
        name: `${api}.${operationName}`,
        path: /^\s*'([^']+)'/.exec(args)?.[1] ?? '',
        anonymous: /\{ anonymous: true \},?\s*$/.test(args),
      });
    }
    const written = (source.match(/\bgetQuery[<(]/g) ?? []).length;
    const recognised = found.filter((definition) => definition.file === file).length;
    if (written !== recognised) throw new Error(`${file}: ${written} definições escritas, ${recognised} reconhecidas`);
  }
  return found;
}

describe('the entities layer', () => {
  const found = definitions();

  it('defines each GET endpoint once', () => {
    const routes = found.map(({ operation }) => `${operation['~orpc'].route.method} ${operation['~operation'].path}`);
    expect(routes.filter((route) => !route.startsWith('GET '))).toEqual([]);
    const repeated = routes.filter((route, index) => routes.indexOf(route) !== index);
    expect(repeated).toEqual([]);
    expect(found.length).toBeGreaterThan(0);
  });

  it("reads each operation by its own path, and without a token exactly where it is public", () => {
    const drift = found.filter(
      ({ operation, path: written, anonymous }) =>
        written !== operation['~operation'].path || anonymous !== (operation['~orpc'].meta.audience === 'public'),
    );
    expect(drift.map(({ file, name, path: written }) => `${file}: ${name} (${written})`)).toEqual([]);
  });

  it('gives two definitions two different keys', () => {
    const keys = found.map(({ path: written }) => JSON.stringify(keyOfPath(written)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
