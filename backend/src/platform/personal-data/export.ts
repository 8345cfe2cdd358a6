import { type Kysely, sql } from 'kysely';
import type { PersonalDataExport } from '../../contracts/shared/personal-data';
import type { Database } from '../database/database';
import { readStream } from '../event-store/event-store';

/** Tables whose rows are secrets or bookkeeping about a person, not data of theirs to hand over. */
export const NOT_EXPORTED = new Set([
  'password_credentials',
  'refresh_tokens',
  'email_tokens',
  'mfa_totp',
  'mfa_recovery_codes',
  'student_invites',
  'command_idempotency',
  'events',
  'data_subject_keys',
]);

/**
 * Everything the database holds about a student of `tenantId`, found by the schema rather than a
 * list kept by hand: every table's rows whose `student_id` or `id` is theirs (or their sign-in's),
 * their sign-in account, and their stream's events opened.
 */
export async function exportStudentData(
  db: Kysely<Database>,
  tenantId: string,
  studentId: string,
  nome: string,
): Promise<PersonalDataExport> {
  const userIds = (
    await sql<{ userId: string }>`
      select user_id from student_accounts where tenant_id = ${tenantId}::uuid and student_id = ${studentId}::uuid`.execute(
      db,
    )
  ).rows.map((row) => row.userId);
  const ids = [studentId, ...userIds];
  const { rows: columns } = await sql<{ table: string; column: string }>`
    select c.table_name as table, c.column_name as column from information_schema.columns c
    where c.table_schema = current_schema() and c.column_name in ('student_id', 'id', 'user_id')
      and exists (select 1 from information_schema.columns t where t.table_schema = c.table_schema
                  and t.table_name = c.table_name and t.column_name = 'tenant_id')
    order by c.table_name, c.column_name`.execute(db);
  const columnsOf = new Map<string, string[]>();
  for (const { table, column } of columns)
    if (!NOT_EXPORTED.has(table)) columnsOf.set(table, [...(columnsOf.get(table) ?? []), column]);
  const tabelas: PersonalDataExport['tabelas'] = {};
  for (const [table, tableColumns] of columnsOf) {
    // A row naming them in two columns (a signature's student_id and user_id) is listed once.
    const theirs = sql.join(
      tableColumns.map((column) => sql`${sql.ref(column)}::text = any(${ids}::text[])`),
      sql` or `,
    );
    const { rows } = await sql<{ row: Record<string, unknown> }>`
      select to_jsonb(t) as row from ${sql.table(table)} t
      where tenant_id = ${tenantId}::uuid and (${theirs})`.execute(db);
    if (rows.length > 0) tabelas[table] = rows.map((r) => r.row);
  }
  if (userIds.length > 0) {
    const { rows } = await sql<{ row: Record<string, unknown> }>`
      select jsonb_build_object('id', id, 'email', email, 'created_at', created_at,
                                'email_confirmed_at', email_confirmed_at) as row
      from users where id = any(${userIds}::uuid[])`.execute(db);
    tabelas.users = rows.map((row) => row.row);
  }
  const eventos = (await readStream(db, tenantId, studentId)).map((stored) => ({
    tipo: stored.eventType,
    ocorridoEm: stored.occurredAt.toISOString(),
    dados: stored.data,
  }));
  return { geradoEm: new Date().toISOString(), titular: { id: studentId, nome }, tabelas, eventos };
}
