import { type Kysely, sql } from 'kysely';
import type { ChangeType } from '../../contracts/shared/realtime';
import type { DomainEvent, StoredEvent } from '../event-store/event';
import {
  eventsOfTypes,
  type PersonalColumns,
  type Projection,
  type ProjectionChange,
} from './projection';

/** A read-model row kept per stream: its id is the stream's, `version` the last event applied. */
export interface StreamRow {
  id: string;
  tenantId: string;
  version: number;
}

export interface StreamRowProjectionOptions<Event extends DomainEvent, Row extends StreamRow> {
  name: string;
  /** The table, as the database names it (snake_case). */
  table: string;
  eventTypes: readonly Event['type'][];
  /** What the browsers are told changed (contracts/shared/realtime.ts). */
  changeType: ChangeType;
  /** Which student's own screens show a row (told to them too), or every student's. */
  studentOf?: (row: Row) => string | null;
  allStudents?: boolean;
  /**
   * Also told once per tenant whose rows changed, to every student and naming only the tenant:
   * what the rows move for all of them (the trainer's open slots), not whose rows moved.
   */
  tenantWideChange?: ChangeType;
  /** Its personal columns, named by the database (the student's id in `subject`, default `id`). */
  personalData?: Omit<PersonalColumns, 'table' | 'subject'> & { subject?: string };
  /** The row after `stored`; undefined when the event cannot apply (its stream's first event not seen). */
  nextRow: (row: Row | undefined, stored: StoredEvent & { event: Event }) => Row | undefined;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for any read-model row. */
const ROWS_PER_STATEMENT = 1_000;

/**
 * The common read model "one row per stream": read the batch's rows, fold the batch's events into
 * them (skipping what a row already reflects: replays are harmless), upsert the changed rows where
 * their version moved forward, and tell the tenant's browsers which ones changed.
 */
export function streamRowProjection<Event extends DomainEvent, Row extends StreamRow>(
  options: StreamRowProjectionOptions<Event, Row>,
): Projection {
  return {
    name: options.name,
    tables: [options.table],
    eventTypes: options.eventTypes,
    ...(options.personalData && {
      personalData: [{ table: options.table, subject: 'id', ...options.personalData }],
    }),
    async apply(batch, trx) {
      const relevant = eventsOfTypes<Event>(batch, options.eventTypes);
      if (relevant.length === 0) return [];
      // Dynamic table: the row type is the caller's, checked where `nextRow` builds it.
      const db = trx as unknown as Kysely<Record<string, Row>>;
      const ids = [...new Set(relevant.map((stored) => stored.streamId))];
      const existing = (await db
        .selectFrom(options.table)
        .selectAll()
        .where(sql.ref('id'), 'in', ids)
        .execute()) as Row[];
      const rows = new Map<string, Row>(existing.map((row) => [row.id, row]));
      const changed = new Set<string>();
      for (const stored of relevant) {
        const row = rows.get(stored.streamId);
        if (row && stored.streamVersion <= row.version) continue;
        const next = options.nextRow(row, stored);
        if (!next) continue;
        rows.set(stored.streamId, next);
        changed.add(stored.streamId);
      }
      const upserts = [...changed].map((id) => rows.get(id) as Row);
      for (let start = 0; start < upserts.length; start += ROWS_PER_STATEMENT) {
        await upsert(db, options.table, upserts.slice(start, start + ROWS_PER_STATEMENT));
      }
      const changes = upserts.map((row): ProjectionChange => ({
        tenantId: row.tenantId,
        type: options.changeType,
        id: row.id,
        ...(options.studentOf && { studentId: options.studentOf(row) }),
        ...(options.allStudents && { allStudents: true }),
      }));
      const { tenantWideChange } = options;
      if (!tenantWideChange) return changes;
      const tenants = new Set(upserts.map((row) => row.tenantId));
      return changes.concat(
        [...tenants].map((tenantId) => ({
          tenantId,
          type: tenantWideChange,
          id: tenantId,
          allStudents: true,
        })),
      );
    },
  };
}

async function upsert<Row extends StreamRow>(
  db: Kysely<Record<string, Row>>,
  table: string,
  rows: Row[],
): Promise<void> {
  const columns = Object.keys(rows[0]).filter((column) => column !== 'id');
  await db
    .insertInto(table)
    .values(rows as never)
    .onConflict((conflict) =>
      conflict
        .column('id' as never)
        .doUpdateSet(
          Object.fromEntries(
            columns.map((column) => [column, sql.ref(`excluded.${column}`)]),
          ) as never,
        )
        .where(sql.ref(`${table}.version`), '<', sql.ref('excluded.version')),
    )
    .execute();
}
