import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Operation } from '@contracts/shared/routes';
import { queryKeyOf } from '../lib/contract-query';

/**
 * One query definition per GET endpoint: every `operationQuery(...)` (or first-screen
 * `deferredQuery(...)`) of entities/ names a GET
 * operation no other definition names, so no two definitions can share a key (a key is the
 * operation's path, then its input) and cache two shapes under it.
 */

const ENTITIES = __dirname;
const CONTRACTS = path.resolve(__dirname, '../../../backend/src/contracts');

function definitions(): { file: string; operation: Operation; name: string }[] {
  const found: { file: string; operation: Operation; name: string }[] = [];
  for (const file of readdirSync(ENTITIES, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
    const source = readFileSync(path.join(ENTITIES, file), 'utf8');
    const imports = new Map<string, string>();
    for (const [, names, from] of source.matchAll(/import (?:type )?\{([^}]+)\} from '@contracts\/([^']+)'/g)) {
      for (const name of names.split(',').map((part) => part.trim().replace(/^type /, ''))) imports.set(name, from);
    }
    const load = (module: string, api: string, operationName: string) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const contract = require(path.join(CONTRACTS, module)) as Record<string, Record<string, Operation>>;
      return contract[api][operationName];
    };
    for (const [, api, operationName] of source.matchAll(/operationQuery\(\s*(\w+)\.(\w+)/g)) {
      const module = imports.get(api);
      if (!module) throw new Error(`${file}: ${api} não vem de @contracts`);
      found.push({ file, operation: load(module, api, operationName), name: `${api}.${operationName}` });
    }
    // A first-screen read names its path and is typed by its operation (`type X = typeof api.op`): the
    // path must be the operation's, and the operation a signed-in user's GET (it is sent without its contract).
    for (const [, typeName, keyPath] of source.matchAll(/deferredQuery<(\w+)>\(\s*'([^']+)'/g)) {
      const typed = new RegExp(`type ${typeName} = typeof (\\w+)\\.(\\w+);`).exec(source);
      const module = typed && imports.get(typed[1]);
      if (!typed || !module) throw new Error(`${file}: ${typeName} não é o tipo de uma operação de @contracts`);
      const operation = load(module, typed[1], typed[2]);
      if (operation['~operation'].path !== keyPath || operation['~orpc'].meta.audience === 'public') {
        throw new Error(`${file}: deferredQuery('${keyPath}') tipada com ${typed[1]}.${typed[2]} (${operation['~operation'].path})`);
      }
      found.push({ file, operation, name: `${typed[1]}.${typed[2]}` });
    }
    const written = (source.match(/\b(operationQuery|deferredQuery)[<(]/g) ?? []).length;
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

  it('gives two definitions two different keys, and a read its path as its prefix', () => {
    const keys = found.map(({ operation }) => JSON.stringify(queryKeyOf(operation, {} as never).slice(0, -1)));
    expect(new Set(keys).size).toBe(keys.length);
    for (const { operation } of found) {
      const key = queryKeyOf(operation, {} as never);
      expect(`/${key.slice(0, -1).join('/')}`).toBe(operation['~operation'].path);
    }
  });
});
