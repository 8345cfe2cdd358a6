import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/database/database';
import type { Students } from '../../platform/database/database.types';
import type { StoredEvent } from '../../platform/event-store/event';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';
import { STUDENT_EVENT_TYPES, type StudentEvent } from '../domain/student.events';

type StudentRow = Selectable<Students>;

/** The row after `event`; `undefined` when the event cannot apply (no registration seen). */
function nextRow(
  row: StudentRow | undefined,
  stored: StoredEvent & { event: StudentEvent },
): StudentRow | undefined {
  const { event } = stored;
  const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
  if (event.type === 'StudentRegistered') {
    return {
      id: stored.streamId,
      tenantId: stored.tenantId,
      ...event.data,
      creditos: 0,
      createdAt: stored.occurredAt,
      removedAt: null,
      ...stamp,
    };
  }
  if (!row) return undefined;
  switch (event.type) {
    case 'StudentUpdated':
      return { ...row, ...event.data, ...stamp };
    case 'StudentRemoved':
      return { ...row, removedAt: stored.occurredAt, ...stamp };
    case 'CreditsGranted':
    case 'CreditConsumed':
    case 'CreditRefunded':
    case 'CreditBurned':
      return { ...row, creditos: event.data.balanceAfter, ...stamp };
  }
}

/** `students`: one row per student with the current profile and credit balance. */
export const studentsProjection: Projection = {
  name: 'students',
  tables: ['students'],
  eventTypes: STUDENT_EVENT_TYPES,
  async apply(batch, trx) {
    const relevant = eventsOfTypes<StudentEvent>(batch, STUDENT_EVENT_TYPES);
    if (relevant.length === 0) return [];
    const ids = [...new Set(relevant.map((event) => event.streamId))];
    const existing = await trx.selectFrom('students').selectAll().where('id', 'in', ids).execute();
    const rows = new Map<string, StudentRow>(existing.map((row) => [row.id, row]));
    const changed = new Set<string>();
    for (const event of relevant) {
      const row = rows.get(event.streamId);
      // Versions make replays harmless: an event already reflected in the row is skipped.
      if (row && event.streamVersion <= row.version) continue;
      const next = nextRow(row, event);
      if (!next) continue;
      rows.set(event.streamId, next);
      changed.add(event.streamId);
    }
    await upsertStudents(
      trx,
      [...changed].map((id) => rows.get(id) as StudentRow),
    );
    return [...changed].map((id): ProjectionChange => ({
      tenantId: (rows.get(id) as StudentRow).tenantId,
      type: 'student',
      id,
    }));
  },
};

async function upsertStudents(trx: Transaction<Database>, rows: StudentRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof StudentRow>(key: K) => rows.map((row) => row[key]);
  await sql`
    insert into students (id, tenant_id, nome, telefone, whatsapp, email, plano_id, observacoes, creditos, version, created_at, updated_at, removed_at)
    select * from unnest(
      ${column('id')}::uuid[], ${column('tenantId')}::uuid[], ${column('nome')}::text[], ${column('telefone')}::text[],
      ${column('whatsapp')}::text[], ${column('email')}::text[], ${column('planoId')}::uuid[], ${column('observacoes')}::text[],
      ${column('creditos')}::int[], ${column('version')}::int[], ${column('createdAt')}::timestamptz[],
      ${column('updatedAt')}::timestamptz[], ${column('removedAt')}::timestamptz[])
    on conflict (id) do update set
      nome = excluded.nome, telefone = excluded.telefone, whatsapp = excluded.whatsapp, email = excluded.email,
      plano_id = excluded.plano_id, observacoes = excluded.observacoes, creditos = excluded.creditos,
      version = excluded.version, updated_at = excluded.updated_at, removed_at = excluded.removed_at
    where students.version < excluded.version`.execute(trx);
}
