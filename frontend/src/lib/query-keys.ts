import type { Operation } from '@contracts/shared/routes';

/** A path's segments, a query key's prefix: '/students/{id}/history' -> ['students', '{id}', 'history']. */
export const keyOfPath = (path: string): readonly string[] => path.split('/').filter(Boolean);

/**
 * An entity's key prefix (entities/<resource>/keys.ts), from its operation's path, which the type
 * holds to the contract's: the prefix of the key `getQuery` gives, without loading the contract and
 * its zod schemas. The realtime map names every key of the app and loads none of them.
 */
export const entityKey = <Op extends Operation>(path: Op['~operation']['path']) =>
  keyOfPath(path);
