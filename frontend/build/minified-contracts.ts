import { isContractProcedure, minifyContractRouter, type AnyContractRouter } from '@orpc/contract';
import type { Plugin } from 'vite';

/**
 * The entities read a context's operations (`@contracts/<context>/api`) for their method, path and
 * meta only: the phone's bundle gets those as JSON (oRPC's `minifyContractRouter`, route narrowed to
 * method and path), not the zod schemas, whose evaluation takes over 100 ms on a slow phone. A
 * screen that writes imports the contract itself and loads them with its own chunk. Under jest and
 * `tsc` the entities see the contract as it is: the same procedures, schemas included.
 */

const PREFIX = '\0vira-minified-contract:';

/** Importers that get the minified operations: the entities (reads, keys, the realtime map). */
const MINIFIED_FOR = /[\\/]frontend[\\/]src[\\/]entities[\\/]/;

type Minified = Record<string, { '~orpc': { meta: unknown; route: { method?: string; path?: string } } }>;

/** The router's operations as JSON: meta, method and path (summaries are the document's, not the phone's). */
export function minifiedOperations(router: AnyContractRouter): Minified {
  const minified = minifyContractRouter(router) as Minified;
  return Object.fromEntries(
    Object.entries(minified).map(([name, { '~orpc': orpc }]) => [
      name,
      { '~orpc': { meta: orpc.meta, route: { method: orpc.route.method, path: orpc.route.path } } },
    ]),
  );
}

const isOperationRouter = (value: unknown): value is AnyContractRouter =>
  !!value && typeof value === 'object' && Object.values(value).some(isContractProcedure);

/** A contract module's routers of operations as an ES module of JSON constants. */
export function minifiedModule(contract: Record<string, unknown>): string {
  return Object.entries(contract)
    .filter(([, value]) => isOperationRouter(value))
    .map(([name, router]) => `export const ${name} = ${JSON.stringify(minifiedOperations(router as AnyContractRouter))};`)
    .join('\n');
}

export function minifiedContracts(contractsFolder: string): Plugin {
  return {
    name: 'vira-minified-contracts',
    enforce: 'pre',
    resolveId(source, importer) {
      // Vite's alias has already turned '@contracts/<context>/api' into the folder's path.
      const context = source.startsWith(contractsFolder)
        ? /^[\\/]([\w-]+)[\\/]api(\.ts)?$/.exec(source.slice(contractsFolder.length))?.[1]
        : undefined;
      if (!context || !importer || !MINIFIED_FOR.test(importer)) return null;
      return `${PREFIX}${context}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = `${contractsFolder}/${id.slice(PREFIX.length)}/api.ts`;
      this.addWatchFile(file);
      const { tsImport } = await import('tsx/esm/api');
      const contract = (await tsImport(file, import.meta.url)) as Record<string, unknown>;
      return minifiedModule(contract);
    },
  };
}
