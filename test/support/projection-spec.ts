import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../backend/src/platform/database/database.module';
import type { DomainEvent, StoredEvent } from '../../backend/src/platform/event-store/event';
import type {
  Projection,
  ProjectionChange,
} from '../../backend/src/platform/projections/projection';
import { workerDatabase } from './test-databases';

/** An event of the spec: on the spec's stream unless it names another, at the spec's clock unless `at`. */
export type SpecEvent = DomainEvent & { streamId?: string; at?: Date };

/** The clock of the events that give no `at`: one second apart from here. */
export const SPEC_CLOCK = new Date('2030-03-04T12:00:00.000Z');

const ROLL_BACK = Symbol('roll back');

/**
 * The spec's events' global positions start past any log the worker's other suites committed: the
 * credit ledger is keyed by position, and a row at a taken one would be skipped as a replay.
 */
const FIRST_POSITION = 1_000_000_000_000;

/**
 * Projection specs in the style of Emmett's: `given(...events).when(...events).then(table, rows)`.
 * The events go through the projections' `apply` as the runner gives them (`given` one batch,
 * `when` the next), stored in a tenant of their own and on one stream unless they name theirs, in
 * a transaction rolled back at the end, on this jest worker's database. `then` compares the
 * tenant's rows of `table` with `rows` (each row the columns it names, camelCase, in any order);
 * `thenChanges` what the `when` batch tells the browsers.
 */
export function projectionSpec(projection: Projection | readonly Projection[]) {
  const projections: readonly Projection[] = 'apply' in projection ? [projection] : projection;
  const db: Db = workerDatabase('projection-spec', 2);
  afterAll(() => db.destroy());

  return function given(...history: SpecEvent[]) {
    const run = (current: SpecEvent[]) => {
      const tenantId = randomUUID();
      const streamId = randomUUID();
      const actorId = randomUUID();
      const versions = new Map<string, number>();
      let position = 0;
      const stored = (event: SpecEvent): StoredEvent => {
        const stream = event.streamId ?? streamId;
        const version = (versions.get(stream) ?? 0) + 1;
        versions.set(stream, version);
        position += 1;
        return {
          globalPosition: FIRST_POSITION + position,
          transactionId: '1',
          tenantId,
          streamType: 'spec',
          streamId: stream,
          streamVersion: version,
          eventType: event.type,
          schemaVersion: 1,
          data: event.data,
          metadata: {
            actorId,
            actorRole: 'personal',
            correlationId: randomUUID(),
            causationId: randomUUID(),
            commandId: randomUUID(),
          },
          occurredAt: event.at ?? new Date(SPEC_CLOCK.getTime() + position * 1_000),
        };
      };
      const batches = [history.map(stored), ...(current.length > 0 ? [current.map(stored)] : [])];
      /** Applies both batches, reads what `read` reads, and rolls everything back. */
      const outcome = async <T>(read: (trx: Db, changes: ProjectionChange[]) => Promise<T>) => {
        let result: T | undefined;
        await db
          .transaction()
          .execute(async (trx) => {
            let changes: ProjectionChange[] = [];
            for (const batch of batches) {
              changes = [];
              for (const each of projections) changes.push(...(await each.apply(batch, trx)));
            }
            result = await read(trx, changes);
            throw ROLL_BACK;
          })
          .catch((error: unknown) => {
            if (error !== ROLL_BACK) throw error;
          });
        return result as T;
      };
      return {
        tenantId,
        streamId,
        async then(table: string, rows: Record<string, unknown>[]): Promise<void> {
          const actual = await outcome(
            async (trx) =>
              (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(trx))
                .rows,
          );
          expect(actual).toHaveLength(rows.length);
          expect(actual).toEqual(expect.arrayContaining(rows.map((row) => expect.objectContaining(row))));
        },
        async thenChanges(changes: Partial<ProjectionChange>[]): Promise<void> {
          const actual = await outcome(async (_, told) => told);
          expect(actual).toHaveLength(changes.length);
          expect(actual).toEqual(expect.arrayContaining(changes.map((change) => expect.objectContaining(change))));
        },
      };
    };
    return { ...run([]), when: (...events: SpecEvent[]) => run(events) };
  };
}
