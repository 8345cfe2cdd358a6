import { sql, type Transaction } from 'kysely';
import { centavosFromNumeric, numericFromCentavos } from '../../contracts/shared/money';
import type { Database } from '../../platform/database/database';
import type { Projection, ProjectionChange } from '../../platform/projections/projection';
import { upsertNewerRows } from '../../platform/projections/stream-row-projection';
import {
  foldMonthlySummaries,
  type MonthDelta,
  type PayerDelta,
  type PlanRow,
  rowsNeeded,
  type SessionRow,
  type StudentRow,
  SUMMARY_EVENT_TYPES,
  summaryEventsOf,
  type SummaryEvent,
  type SummaryFold,
  type SummaryRows,
} from '../domain/monthly-summary';

const byIds = <Row extends { id: string }>(rows: Row[]) =>
  new Map(rows.map((row) => [row.id, row]));

/**
 * The monthly summaries, one row per tenant and month (cut in the tenant's zone), each with every
 * total the summary answers, so GET /api/finance/summary reads rows and never sums; the month's
 * arithmetic is the pure fold of finance/domain/monthly-summary.ts. A batch reads the rows its
 * events need, folds them in memory and writes each touched row once (additive upserts for the
 * summaries): a rebuild of the whole log takes a few statements per thousand events.
 */
export const summariesProjection: Projection = {
  name: 'finance-summaries',
  tables: [
    'finance_monthly_summaries',
    'finance_month_payers',
    'finance_sessions',
    'finance_students',
    'finance_plans',
    'finance_zones',
  ],
  eventTypes: SUMMARY_EVENT_TYPES,
  async apply(batch, trx) {
    const events = summaryEventsOf(batch);
    if (events.length === 0) return [];
    const folded = foldMonthlySummaries(await readRows(trx, events), events);

    const payerCounts = await writePayers(trx, folded.payers);
    await writeSummaries(trx, folded.months, payerCounts);
    await writeRows(trx, folded);

    const touched = new Map<string, ProjectionChange>();
    for (const entry of folded.months)
      touched.set(`${entry.tenantId}|${entry.month}`, {
        tenantId: entry.tenantId,
        type: 'finance-summary',
        id: entry.month,
      });
    for (const tenantId of folded.changed.zones)
      touched.set(`${tenantId}|zone`, { tenantId, type: 'finance-summary', id: 'zone' });
    return [...touched.values()];
  },
};

/** The rows the batch's events touch, and the students and plans its sessions are valued by. */
async function readRows(
  trx: Transaction<Database>,
  events: readonly SummaryEvent[],
): Promise<SummaryRows> {
  const { sessionIds, studentIds, planIds, tenantIds } = rowsNeeded(events);
  const [sessions, students, zones] = await Promise.all([
    sessionIds.size === 0
      ? []
      : trx
          .selectFrom('financeSessions')
          .selectAll()
          .where((eb) => eb('id', '=', eb.fn.any(eb.val([...sessionIds]))))
          .execute(),
    studentIds.size === 0
      ? []
      : trx
          .selectFrom('financeStudents')
          .selectAll()
          .where((eb) => eb('id', '=', eb.fn.any(eb.val([...studentIds]))))
          .execute(),
    tenantIds.size === 0
      ? []
      : trx
          .selectFrom('financeZones')
          .selectAll()
          .where((eb) => eb('tenantId', '=', eb.fn.any(eb.val([...tenantIds]))))
          .execute(),
  ]);
  for (const student of students) if (student.planoId) planIds.add(student.planoId);
  const plans =
    planIds.size === 0
      ? []
      : await trx
          .selectFrom('financePlans')
          .selectAll()
          .where((eb) => eb('id', '=', eb.fn.any(eb.val([...planIds]))))
          .execute();
  return {
    sessions: byIds(
      sessions.map(({ valor, ...row }) => ({ ...row, valorCentavos: centavosFromNumeric(valor) })),
    ),
    students: byIds(students),
    plans: byIds(
      plans.map(({ valor, ...row }) => ({ ...row, valorCentavos: centavosFromNumeric(valor) })),
    ),
    zones: new Map(zones.map((zone) => [zone.tenantId, zone.fusoHorario])),
  };
}

/**
 * Adds the batch's payments per payer and month; answers how many payers each month gained or
 * lost (a payer counts while they have at least one receita in the month).
 */
async function writePayers(
  trx: Transaction<Database>,
  changes: PayerDelta[],
): Promise<Map<string, number>> {
  const gained = new Map<string, number>();
  if (changes.length === 0) return gained;
  const column = <K extends keyof (typeof changes)[number]>(key: K) =>
    changes.map((change) => change[key]);
  const result = await sql<{ tenantId: string; month: string; before: number; after: number }>`
    with input as (
      select * from unnest(${column('tenantId')}::uuid[], ${column('month')}::text[],
                           ${column('payer')}::text[], ${column('delta')}::int[])
        as input(tenant_id, month, payer, delta)
    ), previous as (
      select input.*, coalesce(p.receitas, 0) as before
      from input left join finance_month_payers p
        on p.tenant_id = input.tenant_id and p.month = input.month and p.payer = input.payer
    ), written as (
      insert into finance_month_payers (tenant_id, month, payer, receitas)
      select tenant_id, month, payer, before + delta from previous where before + delta > 0
      on conflict (tenant_id, month, payer) do update set receitas = excluded.receitas
    ), emptied as (
      -- A payer left with no receita has no row, however the batches fell (a rebuild nets them).
      delete from finance_month_payers p using previous
      where p.tenant_id = previous.tenant_id and p.month = previous.month
        and p.payer = previous.payer and previous.before + previous.delta <= 0
    )
    select tenant_id as "tenantId", month, before, before + delta as after from previous`.execute(
    trx,
  );
  for (const row of result.rows) {
    const change = (row.after > 0 ? 1 : 0) - (row.before > 0 ? 1 : 0);
    if (change === 0) continue;
    const key = `${row.tenantId}|${row.month}`;
    gained.set(key, (gained.get(key) ?? 0) + change);
  }
  return gained;
}

async function writeSummaries(
  trx: Transaction<Database>,
  deltas: MonthDelta[],
  payers: Map<string, number>,
): Promise<void> {
  if (deltas.length === 0) return;
  const money = (pick: (entry: MonthDelta) => number) =>
    deltas.map((entry) => numericFromCentavos(pick(entry)));
  await sql`
    insert into finance_monthly_summaries
      (tenant_id, month, previsto, recebido, despesas, pagantes, transacoes, imposto, reserva, operacional, retirada)
    select * from unnest(
      ${deltas.map((entry) => entry.tenantId)}::uuid[], ${deltas.map((entry) => entry.month)}::text[],
      ${money((entry) => entry.previsto)}::numeric[], ${money((entry) => entry.recebido)}::numeric[],
      ${money((entry) => entry.despesas)}::numeric[],
      ${deltas.map((entry) => payers.get(`${entry.tenantId}|${entry.month}`) ?? 0)}::int[],
      ${deltas.map((entry) => entry.transacoes)}::int[],
      ${money((entry) => entry.allocations.imposto)}::numeric[],
      ${money((entry) => entry.allocations.reserva)}::numeric[],
      ${money((entry) => entry.allocations.operacional)}::numeric[],
      ${money((entry) => entry.allocations.retirada)}::numeric[])
    on conflict (tenant_id, month) do update set
      previsto = finance_monthly_summaries.previsto + excluded.previsto,
      recebido = finance_monthly_summaries.recebido + excluded.recebido,
      despesas = finance_monthly_summaries.despesas + excluded.despesas,
      pagantes = finance_monthly_summaries.pagantes + excluded.pagantes,
      transacoes = finance_monthly_summaries.transacoes + excluded.transacoes,
      imposto = finance_monthly_summaries.imposto + excluded.imposto,
      reserva = finance_monthly_summaries.reserva + excluded.reserva,
      operacional = finance_monthly_summaries.operacional + excluded.operacional,
      retirada = finance_monthly_summaries.retirada + excluded.retirada`.execute(trx);
}

async function writeRows(
  trx: Transaction<Database>,
  { rows, changed }: Pick<SummaryFold, 'rows' | 'changed'>,
): Promise<void> {
  await upsertNewerRows(
    trx,
    'finance_sessions',
    changed.sessions.map((id) => {
      const { valorCentavos, ...row } = rows.sessions.get(id) as SessionRow;
      return { ...row, valor: numericFromCentavos(valorCentavos) };
    }),
  );
  await upsertNewerRows(
    trx,
    'finance_students',
    changed.students.map((id) => ({ ...(rows.students.get(id) as StudentRow) })),
  );
  await upsertNewerRows(
    trx,
    'finance_plans',
    changed.plans.map((id) => {
      const { valorCentavos, ...row } = rows.plans.get(id) as PlanRow;
      return { ...row, valor: numericFromCentavos(valorCentavos) };
    }),
  );
  const zones = changed.zones.map((tenantId) => ({
    tenantId,
    fusoHorario: rows.zones.get(tenantId) as string,
  }));
  if (zones.length > 0)
    await trx
      .insertInto('financeZones')
      .values(zones)
      .onConflict((conflict) =>
        conflict.column('tenantId').doUpdateSet({ fusoHorario: sql.ref('excluded.fuso_horario') }),
      )
      .execute();
}
