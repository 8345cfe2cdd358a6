import { Inject, Injectable } from '@nestjs/common';
import type { RenewalCandidates } from '../../contracts/advisor/ports';
import { centavosFromNumeric, toReais } from '../../contracts/shared/money';
import type { CreditEntryType, CreditHistoryItem, Student } from '../../contracts/students/api';
import type { PersonalDataExport } from '../../contracts/shared/personal-data';
import type { StudentDirectory } from '../../contracts/students/ports';
import { isoInstant } from '../../platform/database/database';
import { shapedRows } from '../../platform/database/shaped-rows';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { exportStudentData } from '../../platform/personal-data/export';

/**
 * The trainer's list, by name, as the answer has it (a Student per row): the columns of
 * `students()` below written out, so no builder runs and no row is mapped
 * (platform/database/shaped-rows.ts).
 */
const listed = shapedRows<Student, [tenantId: string]>(`
  select id, nome, telefone, whatsapp, email, plano_id as "planoId", observacoes, ativo, creditos,
    to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
    to_char(erasure_requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "exclusaoPedidaEm"
  from students
  where tenant_id = $1 and removed_at is null
  order by nome, id`);

/** The only code that reads the students read tables; every read is scoped by tenant. */
@Injectable()
export class StudentsRepository implements StudentDirectory, RenewalCandidates {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Active students with `atMost` credits or fewer, fewest first (the advisor names them to renew). */
  async lowBalance(
    tenantId: string,
    atMost: number,
    limit: number,
  ): Promise<{ nome: string; creditos: number }[]> {
    return this.db
      .selectFrom('students')
      .select(['nome', 'creditos'])
      .where('tenantId', '=', tenantId)
      .where('ativo', '=', true)
      .where('removedAt', 'is', null)
      .where('creditos', '<=', atMost)
      .orderBy('creditos')
      .orderBy('nome')
      .limit(limit)
      .execute();
  }

  private students(tenantId: string) {
    return this.db
      .selectFrom('students')
      .select([
        'id',
        'nome',
        'telefone',
        'whatsapp',
        'email',
        'planoId',
        'observacoes',
        'ativo',
        'creditos',
        isoInstant('students.createdAt').as('createdAt'),
        isoInstant('students.updatedAt').as('updatedAt'),
        isoInstant('students.erasureRequestedAt').as('exclusaoPedidaEm'),
      ])
      .where('tenantId', '=', tenantId)
      .where('removedAt', 'is', null);
  }

  async list(tenantId: string): Promise<Student[]> {
    return listed(this.db, tenantId);
  }

  async find(tenantId: string, id: string): Promise<Student | undefined> {
    return this.students(tenantId).where('id', '=', id).executeTakeFirst();
  }

  async personalData(tenantId: string, id: string): Promise<PersonalDataExport | undefined> {
    const student = await this.find(tenantId, id);
    return student && exportStudentData(this.db, tenantId, id, student.nome);
  }

  async names(tenantId: string, studentIds: readonly string[]): Promise<Map<string, string>> {
    if (studentIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('students')
      .select(['id', 'nome'])
      .where('tenantId', '=', tenantId)
      .where((eb) => eb('id', '=', eb.fn.any(eb.val([...new Set(studentIds)]))))
      .execute();
    return new Map(rows.map((row) => [row.id, row.nome]));
  }

  /** The student's credit history; undefined when there is no such student. */
  async history(tenantId: string, studentId: string): Promise<CreditHistoryItem[] | undefined> {
    if (!(await this.find(tenantId, studentId))) return undefined;
    const rows = await this.db
      .selectFrom('creditLedger')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('studentId', '=', studentId)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      position: row.position,
      occurredAt: row.occurredAt.toISOString(),
      type: row.type as CreditEntryType,
      amount: row.amount,
      valor: row.valor === null ? null : toReais(centavosFromNumeric(row.valor)),
      balanceAfter: row.balanceAfter,
      actor: { id: row.actorId, role: row.actorRole },
      reason: row.reason,
      sessionId: row.sessionId,
      transactionId: row.transactionId,
    }));
  }
}
