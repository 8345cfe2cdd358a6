import { sql, type Transaction } from 'kysely';
import { DATA_ERASURE_EVENT_TYPES, dataErasureEvents } from '../../contracts/shared/personal-data';
import type { Database } from '../database/database';
import { isEventOf, type StoredEventOf } from '../event-store/event';
import type { Projection, ProjectionChange } from '../projections/projection';
import { personalDataVault } from './vault';

/**
 * `projection` also applying the erasures in their place in the log: a student's erasure blanks
 * its declared personal columns, an account's closing deletes the tenant's rows of every table.
 * The batch is applied in pieces around each erasure, so what came before is blanked and what
 * comes after (never personal: the key is gone) is applied on top, live and in a rebuild alike.
 */
export function withDataErasure(projection: Projection): Projection {
  return {
    ...projection,
    eventTypes: [...projection.eventTypes, ...DATA_ERASURE_EVENT_TYPES],
    async apply(batch, trx) {
      const changes: ProjectionChange[] = [];
      let start = 0;
      for (const [index, stored] of batch.entries()) {
        if (!isEventOf(stored, dataErasureEvents)) continue;
        if (index > start)
          changes.push(...(await projection.apply(batch.slice(start, index), trx)));
        changes.push(...(await applyErasure(projection, stored, trx)));
        start = index + 1;
      }
      if (start < batch.length) changes.push(...(await projection.apply(batch.slice(start), trx)));
      return changes;
    },
  };
}

async function applyErasure(
  projection: Projection,
  stored: StoredEventOf<typeof dataErasureEvents>,
  trx: Transaction<Database>,
): Promise<ProjectionChange[]> {
  if (stored.eventType === 'AccountClosed') {
    for (const table of projection.tables)
      await sql`delete from ${sql.table(table)} where tenant_id = ${stored.tenantId}::uuid`.execute(
        trx,
      );
    return [];
  }
  personalDataVault.forget(stored.data.subjectIds);
  for (const columns of projection.personalData ?? []) {
    if (columns.deleteRows) {
      await sql`
        delete from ${sql.table(columns.table)}
        where tenant_id = ${stored.tenantId}::uuid
          and ${sql.ref(columns.subject)} = ${stored.data.studentId}::uuid`.execute(trx);
      continue;
    }
    const assignments = Object.entries(columns.set).map(
      ([column, value]) => sql`${sql.ref(column)} = ${value}`,
    );
    if (columns.erasedAt)
      assignments.push(sql`${sql.ref(columns.erasedAt)} = ${stored.occurredAt}`);
    await sql`
      update ${sql.table(columns.table)} set ${sql.join(assignments)}
      where tenant_id = ${stored.tenantId}::uuid
        and ${sql.ref(columns.subject)} = ${stored.data.studentId}::uuid`.execute(trx);
  }
  // The trainer's open screens and their offline copy drop whatever they hold of the student.
  return projection.personalData?.length
    ? [{ tenantId: stored.tenantId, type: 'erasure', id: stored.data.studentId }]
    : [];
}
