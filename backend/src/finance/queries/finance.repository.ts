import { Inject, Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import type { AdvisorFacts } from '../../contracts/advisor/ports';
import { SubscriptionCycles } from '../../contracts/charges/ports';
import {
  addMonths,
  type AllocationRule,
  type AllocationTipo,
  DEFAULT_ALLOCATION_RULE,
  EMPTY_TOTALS,
  type FinanceSeriesItem,
  type FinanceSummary,
  type Goals,
  type MonthTotals,
  type PaymentMethod,
  type ReferenceType,
  summaryOf,
  type Transaction,
  type TransactionDetails,
  type TransactionStatus,
  type TransactionTipo,
} from '../../contracts/finance/api';
import { centavosFromNumeric } from '../../contracts/shared/money';
import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import { StudentDirectory } from '../../contracts/students/ports';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type {
  FinanceMonthlySummaries,
  FinanceTransactions,
} from '../../platform/database/database.types';

type SummaryRow = Selectable<FinanceMonthlySummaries>;

/** The summary row's totals in centavos (an absent row is a month with nothing). */
function totalsOf(row: Partial<Record<keyof SummaryRow, string | number | null>>): MonthTotals {
  if (row.month === null || row.month === undefined) return EMPTY_TOTALS;
  const money = (value: unknown) => centavosFromNumeric(String(value));
  return {
    previstoCentavos: money(row.previsto),
    recebidoCentavos: money(row.recebido),
    despesasCentavos: money(row.despesas),
    pagantes: Number(row.pagantes),
    transacoes: Number(row.transacoes),
    allocations: {
      imposto: money(row.imposto),
      reserva: money(row.reserva),
      operacional: money(row.operacional),
      retirada: money(row.retirada),
    },
  };
}

function toTransaction(
  row: Selectable<FinanceTransactions>,
  payers: ReadonlyMap<string, string>,
): Transaction {
  return {
    id: row.id,
    tipo: row.tipo as TransactionTipo,
    valor: centavosFromNumeric(row.valor) / 100,
    data: row.data,
    descricao: row.descricao,
    metodoPagamento: row.metodoPagamento as PaymentMethod,
    studentId: row.studentId,
    // A payer the students' read model no longer has was erased with their data.
    studentNome: row.studentId ? (payers.get(row.studentId) ?? PERSONAL_DATA_REMOVED) : null,
    referenciaId: row.referenciaId,
    referenciaTipo: row.referenciaTipo as ReferenceType | null,
    status: row.status as TransactionStatus,
    createdAt: row.createdAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

const SUMMARY_COLUMNS = [
  'month',
  'previsto',
  'recebido',
  'despesas',
  'pagantes',
  'transacoes',
  'imposto',
  'reserva',
  'operacional',
  'retirada',
] as const;

/** 'curMonth': a result name the camel-case plugin leaves as it is. */
const aliasOf = (alias: string, column: string) =>
  `${alias}${column[0].toUpperCase()}${column.slice(1)}`;

/** The only code that reads the finance read tables; every read is scoped by tenant. */
@Injectable()
export class FinanceRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(SubscriptionCycles) private readonly cycles: SubscriptionCycles,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
  ) {}

  /**
   * A subscribed student's month is previsto by its cycle, not by its sessions: each month's
   * cycles in, those students' counted sessions that month out (centavos to add to the agenda's
   * previsto, by month; months without a cycle are absent).
   */
  private async cyclesInPlaceOfSessions(
    tenantId: string,
    months: readonly string[],
  ): Promise<Map<string, number>> {
    const cycles = await this.cycles.dueIn(tenantId, months);
    const byMonth = new Map<string, number>();
    if (cycles.length === 0) return byMonth;
    const sessions = await this.db
      .selectFrom('financeSessions')
      .select(['month', 'studentId', (eb) => eb.fn.sum<string>('valor').as('total')])
      .where('tenantId', '=', tenantId)
      .where((eb) =>
        eb('month', '=', eb.fn.any(eb.val([...new Set(cycles.map((cycle) => cycle.month))]))),
      )
      .where('deleted', '=', false)
      .where('status', 'in', ['agendada', 'feita'])
      .where((eb) =>
        eb(
          'studentId',
          '=',
          eb.fn.any(eb.val([...new Set(cycles.map((cycle) => cycle.studentId))])),
        ),
      )
      .groupBy(['month', 'studentId'])
      .execute();
    const sessionsOf = new Map(
      sessions.map((row) => [`${row.month}:${row.studentId}`, centavosFromNumeric(row.total)]),
    );
    for (const cycle of cycles) {
      const replaced = sessionsOf.get(`${cycle.month}:${cycle.studentId}`) ?? 0;
      // A student's sessions leave once, however many cycles of theirs the month has.
      sessionsOf.delete(`${cycle.month}:${cycle.studentId}`);
      byMonth.set(cycle.month, (byMonth.get(cycle.month) ?? 0) + cycle.valorCentavos - replaced);
    }
    return byMonth;
  }

  /** The month's transactions, newest day first (voided ones included, with their status). */
  async transactions(tenantId: string, month: string): Promise<Transaction[]> {
    const rows = await this.db
      .selectFrom('financeTransactions')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('data', '>=', `${month}-01`)
      .where('data', '<', `${addMonths(month, 1)}-01`)
      .orderBy('data', 'desc')
      .orderBy('position', 'desc')
      .execute();
    const payers = await this.payersOf(tenantId, rows);
    return rows.map((row) => toTransaction(row, payers));
  }

  /** The names of the students who paid these transactions, read by id through the students context. */
  private payersOf(tenantId: string, rows: readonly { studentId: string | null }[]) {
    return this.students.names(
      tenantId,
      rows.flatMap((row) => (row.studentId ? [row.studentId] : [])),
    );
  }

  async transaction(tenantId: string, id: string): Promise<TransactionDetails | undefined> {
    const row = await this.db
      .selectFrom('financeTransactions')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const allocations = await this.db
      .selectFrom('financeAllocations')
      .select(['tipo', 'valor'])
      .where('tenantId', '=', tenantId)
      .where('transactionId', '=', id)
      .orderBy('tipo')
      .execute();
    return {
      ...toTransaction(row, await this.payersOf(tenantId, [row])),
      allocations: allocations.map((allocation) => ({
        tipo: allocation.tipo as AllocationTipo,
        valor: centavosFromNumeric(allocation.valor) / 100,
      })),
    };
  }

  /**
   * The month's summary from its row, the previous month's row and the goal, in one statement of
   * primary-key lookups: nothing is summed on request.
   */
  async summary(
    tenantId: string,
    month: string,
  ): Promise<FinanceSummary & { primeiroMes: string | null }> {
    const previousMonth = addMonths(month, -1);
    const cols = (alias: string) =>
      sql.join(
        SUMMARY_COLUMNS.map(
          (column) => sql`${sql.ref(`${alias}.${column}`)} as ${sql.ref(aliasOf(alias, column))}`,
        ),
      );
    const result = await sql<Record<string, string | number | null>>`
      select ${cols('cur')}, ${cols('prev')}, g.meta_mensal as meta,
        (select min(m.month) from finance_monthly_summaries m where m.tenant_id = ${tenantId}) as primeiro
      from (select 1) one
      left join finance_monthly_summaries cur on cur.tenant_id = ${tenantId} and cur.month = ${month}
      left join finance_monthly_summaries prev on prev.tenant_id = ${tenantId} and prev.month = ${previousMonth}
      left join finance_settings g on g.tenant_id = ${tenantId}`.execute(this.db);
    const row = result.rows[0];
    const pick = (alias: string) =>
      Object.fromEntries(SUMMARY_COLUMNS.map((column) => [column, row[aliasOf(alias, column)]]));
    const meta = row.meta === null ? 0 : centavosFromNumeric(String(row.meta));
    const cycles = await this.cyclesInPlaceOfSessions(tenantId, [previousMonth, month]);
    const [current, previous] = (
      [
        [month, totalsOf(pick('cur'))],
        [previousMonth, totalsOf(pick('prev'))],
      ] as const
    ).map(([of, totals]) => ({
      ...totals,
      previstoCentavos: totals.previstoCentavos + (cycles.get(of) ?? 0),
    }));
    return {
      ...summaryOf(month, current, previous, meta),
      primeiroMes: (row.primeiro as string | null) ?? null,
    };
  }

  /**
   * previsto and recebido of the `months` months up to `until`, oldest first (empty months 0);
   * each month's previsto counts its subscriptions' cycles as the month's summary does.
   */
  async series(tenantId: string, until: string, months: number): Promise<FinanceSeriesItem[]> {
    const from = addMonths(until, -(months - 1));
    const all = Array.from({ length: months }, (_, index) => addMonths(from, index));
    const [rows, cycles] = await Promise.all([
      this.db
        .selectFrom('financeMonthlySummaries')
        .select(['month', 'previsto', 'recebido'])
        .where('tenantId', '=', tenantId)
        .where('month', '>=', from)
        .where('month', '<=', until)
        .execute(),
      this.cyclesInPlaceOfSessions(tenantId, all),
    ]);
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    return all.map((month) => {
      const row = byMonth.get(month);
      return {
        month,
        previsto: ((row ? centavosFromNumeric(row.previsto) : 0) + (cycles.get(month) ?? 0)) / 100,
        recebido: row ? centavosFromNumeric(row.recebido) / 100 : 0,
      };
    });
  }

  async goals(tenantId: string): Promise<Goals> {
    const row = await this.db
      .selectFrom('financeSettings')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return {
      metaMensal: row ? centavosFromNumeric(row.metaMensal) / 100 : 0,
      metaSeisMeses: row ? centavosFromNumeric(row.metaSeisMeses) / 100 : 0,
      metaTrimestral: row ? centavosFromNumeric(row.metaTrimestral) / 100 : 0,
      metaAnual: row ? centavosFromNumeric(row.metaAnual) / 100 : 0,
      moeda: 'BRL',
      fusoHorario: row?.fusoHorario ?? DEFAULT_TIME_ZONE,
      alocacao: (row?.alocacao as AllocationRule | null) ?? DEFAULT_ALLOCATION_RULE,
    };
  }

  /** The advisor's view of this month (AdvisorFigures): summary, sessions still agendada, the year up to it. */
  async monthFigures(tenantId: string, now: Date): Promise<Omit<AdvisorFacts, 'lowBalance'>> {
    const { fusoHorario } = await this.goals(tenantId);
    const today = zonedParts(now, fusoHorario).date;
    const month = today.slice(0, 7);
    const [summary, series, pending] = await Promise.all([
      this.summary(tenantId, month),
      this.series(tenantId, month, 12),
      this.db
        .selectFrom('financeSessions')
        .select([
          sql<number>`count(*)::int`.as('sessions'),
          sql<string>`coalesce(sum(valor), 0)::text`.as('valor'),
        ])
        .where('tenantId', '=', tenantId)
        .where('month', '=', month)
        .where('status', '=', 'agendada')
        .where('deleted', '=', false)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      today,
      summary,
      series,
      pending: { sessions: pending.sessions, valorCentavos: centavosFromNumeric(pending.valor) },
    };
  }

  /** The current month in the tenant's zone. */
  async currentMonth(tenantId: string, now: Date): Promise<string> {
    const { fusoHorario } = await this.goals(tenantId);
    return zonedParts(now, fusoHorario).date.slice(0, 7);
  }
}
