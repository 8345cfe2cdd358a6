import { type Kysely, sql, type Transaction } from 'kysely';
import { type AllocationTipo } from '../../contracts/finance/api';
import { TRANSACTION_EVENT_TYPES, type TransactionEvent } from '../../contracts/finance/events';
import { centavosFromNumeric, numericFromCentavos } from '../../contracts/shared/money';
import { valuePerCreditCentavos } from '../../contracts/plans/api';
import { PLAN_TERMS_EVENT_TYPES, type PlanTermsEvent } from '../../contracts/plans/events';
import { SESSION_EVENT_TYPES, type SessionEvent } from '../../contracts/scheduling/events';
import { type StudentLifecycleEvent } from '../../contracts/students/events';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { Database } from '../../platform/database/database';
import type { StoredEvent } from '../../platform/event-store/event';
import type { Projection, ProjectionChange } from '../../platform/projections/projection';
import type { GoalsSettings } from '../domain/finance-settings.decider';

const STUDENT_PLAN_EVENTS: readonly StudentLifecycleEvent['type'][] = [
  'StudentRegistered',
  'StudentUpdated',
];
const GOALS_SET = 'FinanceGoalsSet';

export const SUMMARY_EVENT_TYPES: readonly string[] = [
  ...TRANSACTION_EVENT_TYPES,
  ...SESSION_EVENT_TYPES,
  ...STUDENT_PLAN_EVENTS,
  ...PLAN_TERMS_EVENT_TYPES,
  GOALS_SET,
];

interface SessionRow {
  id: string;
  tenantId: string;
  studentId: string;
  month: string;
  status: string;
  deleted: boolean;
  valorCentavos: number;
  version: number;
}
interface StudentRow {
  id: string;
  tenantId: string;
  planoId: string | null;
  version: number;
}
interface PlanRow {
  id: string;
  tenantId: string;
  valorCentavos: number;
  creditos: number;
  version: number;
}

/** What a batch adds to one month of one tenant, in centavos. */
interface MonthDelta {
  tenantId: string;
  month: string;
  previsto: number;
  recebido: number;
  despesas: number;
  transacoes: number;
  allocations: Record<AllocationTipo, number>;
}

/** 'YYYY-MM' of an instant in a time zone. */
export const monthOfInstant = (instant: string, timeZone: string): string =>
  zonedParts(new Date(instant), timeZone).date.slice(0, 7);

/** A session counts in previsto while agendada or feita, and not deleted. */
const counts = (row: SessionRow | undefined): row is SessionRow =>
  row !== undefined && !row.deleted && (row.status === 'agendada' || row.status === 'feita');

const byIds = <Row extends { id: string }>(rows: Row[]) =>
  new Map(rows.map((row) => [row.id, row]));

/**
 * The monthly summaries, one row per tenant and month (cut in the tenant's zone), each with every
 * total the summary answers, so GET /api/finance/summary reads rows and never sums:
 * - recebido, despesas, allocations by tipo and the number of transactions, from transactions
 *   (a void takes out exactly what its transaction put in); who paid, for the ticket médio;
 * - previsto: the month's agendada and feita sessions, each valued at its student's plan's value per
 *   credit when it was booked or given to that student (a later price change values the sessions
 *   booked after it), kept from the agenda's, students' and plans' published events.
 * A batch folds its events in memory and writes each touched row once (additive upserts for the
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
    const wanted = new Set(SUMMARY_EVENT_TYPES);
    const relevant = batch.filter((stored) => wanted.has(stored.eventType));
    if (relevant.length === 0) return [];
    const state = await loadState(trx, relevant);
    const deltas = new Map<string, MonthDelta>();
    const payers = new Map<
      string,
      { tenantId: string; month: string; payer: string; delta: number }
    >();
    const delta = (tenantId: string, month: string): MonthDelta => {
      const key = `${tenantId}|${month}`;
      let entry = deltas.get(key);
      if (!entry) {
        entry = {
          tenantId,
          month,
          previsto: 0,
          recebido: 0,
          despesas: 0,
          transacoes: 0,
          allocations: { imposto: 0, reserva: 0, operacional: 0, retirada: 0 },
        };
        deltas.set(key, entry);
      }
      return entry;
    };
    const valueOf = (studentId: string): number => {
      const planoId = state.students.get(studentId)?.planoId;
      const plan = planoId ? state.plans.get(planoId) : undefined;
      return plan ? valuePerCreditCentavos(plan.valorCentavos, plan.creditos) : 0;
    };

    for (const stored of relevant) {
      const type = stored.eventType;
      if ((TRANSACTION_EVENT_TYPES as readonly string[]).includes(type)) {
        const event = { type, data: stored.data } as TransactionEvent;
        const sign = event.type === 'TransactionRecorded' ? 1 : -1;
        const facts = event.data;
        const month = facts.data.slice(0, 7);
        const entry = delta(stored.tenantId, month);
        entry.transacoes += sign;
        if (facts.tipo === 'receita') {
          entry.recebido += sign * facts.valorCentavos;
          for (const allocation of facts.allocations)
            entry.allocations[allocation.tipo] += sign * allocation.valorCentavos;
          const payer = facts.studentId ?? `transacao:${stored.streamId}`;
          const key = `${stored.tenantId}|${month}|${payer}`;
          const current = payers.get(key) ?? { tenantId: stored.tenantId, month, payer, delta: 0 };
          current.delta += sign;
          payers.set(key, current);
        } else {
          entry.despesas += sign * facts.valorCentavos;
        }
      } else if ((SESSION_EVENT_TYPES as readonly string[]).includes(type)) {
        const event = { type, data: stored.data } as SessionEvent;
        const before = state.sessions.get(stored.streamId);
        if (before && stored.streamVersion <= before.version) continue;
        if (!before && event.type !== 'SessionBooked') continue;
        const zone = state.zones.get(stored.tenantId) ?? DEFAULT_TIME_ZONE;
        let after: SessionRow;
        if (event.type === 'SessionBooked') {
          after = {
            id: stored.streamId,
            tenantId: stored.tenantId,
            studentId: event.data.studentId,
            month: monthOfInstant(event.data.inicio, zone),
            status: 'agendada',
            deleted: false,
            valorCentavos: valueOf(event.data.studentId),
            version: stored.streamVersion,
          };
        } else {
          after = { ...(before as SessionRow), version: stored.streamVersion };
          switch (event.type) {
            case 'SessionRescheduled':
              after.month = monthOfInstant(event.data.inicio, zone);
              break;
            case 'SessionReassigned':
              if (event.data.studentId && event.data.studentId !== after.studentId) {
                after.studentId = event.data.studentId;
                after.valorCentavos = valueOf(event.data.studentId);
              }
              break;
            case 'SessionStatusChanged':
              after.status = event.data.to;
              break;
            case 'SessionDeleted':
              after.deleted = true;
              break;
            case 'SessionNotesChanged':
            case 'SessionConfirmationChanged':
              break;
          }
        }
        if (counts(before)) delta(before.tenantId, before.month).previsto -= before.valorCentavos;
        if (counts(after)) delta(after.tenantId, after.month).previsto += after.valorCentavos;
        state.sessions.set(after.id, after);
        state.changedSessions.add(after.id);
      } else if ((STUDENT_PLAN_EVENTS as readonly string[]).includes(type)) {
        const event = { type, data: stored.data } as StudentLifecycleEvent;
        const row = state.students.get(stored.streamId);
        if (row && stored.streamVersion <= row.version) continue;
        if (event.type === 'StudentRegistered') {
          state.students.set(stored.streamId, {
            id: stored.streamId,
            tenantId: stored.tenantId,
            planoId: event.data.planoId,
            version: stored.streamVersion,
          });
        } else if (row && event.type === 'StudentUpdated') {
          const planoId = event.data.planoId === undefined ? row.planoId : event.data.planoId;
          state.students.set(row.id, { ...row, planoId, version: stored.streamVersion });
        } else continue;
        state.changedStudents.add(stored.streamId);
      } else if ((PLAN_TERMS_EVENT_TYPES as readonly string[]).includes(type)) {
        const event = { type, data: stored.data } as PlanTermsEvent;
        const row = state.plans.get(stored.streamId);
        if (row && stored.streamVersion <= row.version) continue;
        if (event.type === 'PlanCreated') {
          state.plans.set(stored.streamId, {
            id: stored.streamId,
            tenantId: stored.tenantId,
            valorCentavos: event.data.valorCentavos,
            creditos: event.data.creditos,
            version: stored.streamVersion,
          });
        } else if (row) {
          state.plans.set(row.id, {
            ...row,
            valorCentavos: event.data.valorCentavos ?? row.valorCentavos,
            creditos: event.data.creditos ?? row.creditos,
            version: stored.streamVersion,
          });
        } else continue;
        state.changedPlans.add(stored.streamId);
      } else if (type === GOALS_SET) {
        state.zones.set(stored.tenantId, (stored.data as GoalsSettings).fusoHorario);
        state.changedZones.add(stored.tenantId);
      }
    }

    const payerCounts = await writePayers(
      trx,
      [...payers.values()].filter((p) => p.delta !== 0),
    );
    await writeSummaries(trx, [...deltas.values()], payerCounts);
    await writeState(trx, state);

    const touched = new Map<string, ProjectionChange>();
    for (const entry of deltas.values())
      touched.set(`${entry.tenantId}|${entry.month}`, {
        tenantId: entry.tenantId,
        type: 'finance-summary',
        id: entry.month,
      });
    for (const tenantId of state.changedZones)
      touched.set(`${tenantId}|zone`, { tenantId, type: 'finance-summary', id: 'zone' });
    return [...touched.values()];
  },
};

interface FoldState {
  sessions: Map<string, SessionRow>;
  students: Map<string, StudentRow>;
  plans: Map<string, PlanRow>;
  zones: Map<string, string>;
  changedSessions: Set<string>;
  changedStudents: Set<string>;
  changedPlans: Set<string>;
  changedZones: Set<string>;
}

/** The rows the batch's events touch, and the students and plans its sessions are valued by. */
async function loadState(trx: Transaction<Database>, relevant: StoredEvent[]): Promise<FoldState> {
  const sessionIds = new Set<string>();
  const studentIds = new Set<string>();
  const planIds = new Set<string>();
  const tenantIds = new Set<string>();
  for (const stored of relevant) {
    const data = stored.data as Record<string, unknown>;
    if ((SESSION_EVENT_TYPES as readonly string[]).includes(stored.eventType)) {
      sessionIds.add(stored.streamId);
      tenantIds.add(stored.tenantId);
      if (typeof data.studentId === 'string') studentIds.add(data.studentId);
    } else if ((STUDENT_PLAN_EVENTS as readonly string[]).includes(stored.eventType)) {
      studentIds.add(stored.streamId);
      if (typeof data.planoId === 'string') planIds.add(data.planoId);
    } else if ((PLAN_TERMS_EVENT_TYPES as readonly string[]).includes(stored.eventType)) {
      planIds.add(stored.streamId);
    } else if (stored.eventType === GOALS_SET) {
      tenantIds.add(stored.tenantId);
    }
  }
  const [sessions, students, zones] = await Promise.all([
    sessionIds.size === 0
      ? []
      : trx
          .selectFrom('financeSessions')
          .selectAll()
          .where('id', 'in', [...sessionIds])
          .execute(),
    studentIds.size === 0
      ? []
      : trx
          .selectFrom('financeStudents')
          .selectAll()
          .where('id', 'in', [...studentIds])
          .execute(),
    tenantIds.size === 0
      ? []
      : trx
          .selectFrom('financeZones')
          .selectAll()
          .where('tenantId', 'in', [...tenantIds])
          .execute(),
  ]);
  for (const student of students) if (student.planoId) planIds.add(student.planoId);
  const plans =
    planIds.size === 0
      ? []
      : await trx
          .selectFrom('financePlans')
          .selectAll()
          .where('id', 'in', [...planIds])
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
    changedSessions: new Set(),
    changedStudents: new Set(),
    changedPlans: new Set(),
    changedZones: new Set(),
  };
}

/**
 * Adds the batch's payments per payer and month; answers how many payers each month gained or
 * lost (a payer counts while they have at least one receita in the month).
 */
async function writePayers(
  trx: Transaction<Database>,
  changes: { tenantId: string; month: string; payer: string; delta: number }[],
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
      select tenant_id, month, payer, before + delta from previous
      on conflict (tenant_id, month, payer) do update set receitas = excluded.receitas
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

/** Rows whose version moved forward replace the stored ones. */
async function upsertRows(
  trx: Transaction<Database>,
  table: 'finance_sessions' | 'finance_students' | 'finance_plans',
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const columns = Object.keys(rows[0]).filter((column) => column !== 'id');
  for (let start = 0; start < rows.length; start += 1_000) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 1_000))
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet(
            Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)])),
          )
          .where(sql.ref(`${table}.version`), '<', sql.ref('excluded.version')),
      )
      .execute();
  }
}

async function writeState(trx: Transaction<Database>, state: FoldState): Promise<void> {
  await upsertRows(
    trx,
    'finance_sessions',
    [...state.changedSessions].map((id) => {
      const { valorCentavos, ...row } = state.sessions.get(id) as SessionRow;
      return { ...row, valor: numericFromCentavos(valorCentavos) };
    }),
  );
  await upsertRows(
    trx,
    'finance_students',
    [...state.changedStudents].map((id) => ({ ...(state.students.get(id) as StudentRow) })),
  );
  await upsertRows(
    trx,
    'finance_plans',
    [...state.changedPlans].map((id) => {
      const { valorCentavos, ...row } = state.plans.get(id) as PlanRow;
      return { ...row, valor: numericFromCentavos(valorCentavos) };
    }),
  );
  const zones = [...state.changedZones].map((tenantId) => ({
    tenantId,
    fusoHorario: state.zones.get(tenantId) as string,
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
