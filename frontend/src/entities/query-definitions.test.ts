import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Operation } from '@contracts/shared/routes';

/**
 * One query definition per GET endpoint: every `getQuery(api.op, input)` of entities/ names a GET
 * operation no other definition names, so no two definitions share a key (a key is the operation's
 * path, then the input) and cache two shapes under it.
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
    for (const [, api, operationName] of source.matchAll(/\bgetQuery\((\w+)\.(\w+),/g)) {
      const module = imports.get(api);
      if (!module) throw new Error(`${file}: ${api} não vem de @contracts`);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const contract = require(path.join(CONTRACTS, module)) as Record<string, Record<string, Operation>>;
      found.push({ file, operation: contract[api][operationName], name: `${api}.${operationName}` });
    }
    const written = (source.match(/\bgetQuery\(/g) ?? []).length;
    const recognised = found.filter((definition) => definition.file === file).length;
    if (written !== recognised) throw new Error(`${file}: ${written} definições escritas, ${recognised} reconhecidas`);
  }
  return found;
}

describe('the entities layer', () => {
  const found = definitions();

  it('defines each GET endpoint once', () => {
    const routes = found.map(({ operation }) => `${operation['~orpc'].route.method} ${operation['~orpc'].route.path}`);
    expect(routes.filter((route) => !route.startsWith('GET '))).toEqual([]);
    const repeated = routes.filter((route, index) => routes.indexOf(route) !== index);
    expect(repeated).toEqual([]);
    expect(found.length).toBeGreaterThan(20);
  });
});
