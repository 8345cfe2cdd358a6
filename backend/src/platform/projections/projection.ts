import type { Transaction } from 'kysely';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../event-store/event';

/** What a projection batch changed, pushed to the tenant's browsers so they refetch. */
export interface ProjectionChange {
  type: string;
  id: string;
}

export type ProjectionHandler = (
  event: StoredEvent,
  trx: Transaction<Database>,
) => Promise<ProjectionChange[] | void>;

/**
 * A named read model: handlers per event type, idempotent upserts into the tables it owns.
 * Handlers use unqualified table names: a rebuild runs them with `search_path` pointing at a
 * fresh schema holding empty copies of `tables`, then swaps those tables in.
 */
export interface Projection {
  name: string;
  tables: readonly string[];
  handlers: Readonly<Record<string, ProjectionHandler>>;
}
