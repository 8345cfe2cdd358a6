import type { AllocationTipo } from '../../contracts/finance/api';
import { TRANSACTION_EVENT_TYPES, type TransactionEvent } from '../../contracts/finance/events';
import { valuePerCreditCentavos } from '../../contracts/plans/api';
import { PLAN_TERMS_EVENT_TYPES, type PlanTermsEvent } from '../../contracts/plans/events';
import { SESSION_EVENT_TYPES, type SessionEvent } from '../../contracts/scheduling/events';
import type { StudentLifecycleEvent } from '../../contracts/students/events';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { StoredEvent } from '../../platform/event-store/event';
import type { GoalsSettings } from './finance-settings.decider';

/**
 * The month's arithmetic of the finance summaries, as a pure fold: what a batch of events adds to
 * each tenant's month (previsto, recebido, despesas, allocations, transactions, payers), given the
 * sessions, students, plans and time zones the earlier events left. The projection reads those
 * rows, folds, and writes the result (finance/projections/summaries.projection.ts).
 */

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

/** What the fold reads of an event. */
export type SummaryEvent = Pick<
  StoredEvent,
  'tenantId' | 'streamId' | 'streamVersion' | 'eventType' | 'data'
>;

/** A session as previsto counts it: in which month, at which value, whether it counts. */
export interface SessionRow {
  id: string;
  tenantId: string;
  studentId: string;
  month: string;
  status: string;
  deleted: boolean;
  valorCentavos: number;
  version: number;
}
export interface StudentRow {
  id: string;
  tenantId: string;
  planoId: string | null;
  version: number;
}
export interface PlanRow {
  id: string;
  tenantId: string;
  valorCentavos: number;
  creditos: number;
  version: number;
}

/** What the earlier events left, as far as a batch needs it. */
export interface SummaryRows {
  sessions: ReadonlyMap<string, SessionRow>;
  students: ReadonlyMap<string, StudentRow>;
  plans: ReadonlyMap<string, PlanRow>;
  /** The tenants' time zones (São Paulo until they set theirs). */
  zones: ReadonlyMap<string, string>;
}

/** What a batch adds to one month of one tenant, in centavos. */
export interface MonthDelta {
  tenantId: string;
  month: string;
  previsto: number;
  recebido: number;
  despesas: number;
  transacoes: number;
  allocations: Record<AllocationTipo, number>;
}

/** How many receitas of a month one payer gained (or lost, voided). */
export interface PayerDelta {
  tenantId: string;
  month: string;
  payer: string;
  delta: number;
}

export interface SummaryFold {
  /** The months the batch changed. */
  months: MonthDelta[];
  /** The payers whose receitas changed, none at zero. */
  payers: PayerDelta[];
  /** The rows after the batch, and which of them it changed (to write back). */
  rows: SummaryRows;
  changed: { sessions: string[]; students: string[]; plans: string[]; zones: string[] };
}

/** The rows a batch's events need: theirs, and the students and plans their sessions are valued by. */
export interface RowsNeeded {
  sessionIds: Set<string>;
  studentIds: Set<string>;
  planIds: Set<string>;
  tenantIds: Set<string>;
}

const isOneOf = (types: readonly string[], type: string) => types.includes(type);

/** 'YYYY-MM' of an instant in a time zone. */
export const monthOfInstant = (instant: string, timeZone: string): string =>
  zonedParts(new Date(instant), timeZone).date.slice(0, 7);

/** A session counts in previsto while agendada or feita, and not deleted. */
const counts = (row: SessionRow | undefined): row is SessionRow =>
  row !== undefined && !row.deleted && (row.status === 'agendada' || row.status === 'feita');

/** The events of a batch the summaries fold, in order. */
export const summaryEventsOf = <Event extends SummaryEvent>(batch: readonly Event[]): Event[] =>
  batch.filter((stored) => isOneOf(SUMMARY_EVENT_TYPES, stored.eventType));

export function rowsNeeded(events: readonly SummaryEvent[]): RowsNeeded {
  const needed: RowsNeeded = {
    sessionIds: new Set(),
    studentIds: new Set(),
    planIds: new Set(),
    tenantIds: new Set(),
  };
  for (const stored of events) {
    const data = stored.data as Record<string, unknown>;
    if (isOneOf(SESSION_EVENT_TYPES, stored.eventType)) {
      needed.sessionIds.add(stored.streamId);
      needed.tenantIds.add(stored.tenantId);
      if (typeof data.studentId === 'string') needed.studentIds.add(data.studentId);
    } else if (isOneOf(STUDENT_PLAN_EVENTS, stored.eventType)) {
      needed.studentIds.add(stored.streamId);
      if (typeof data.planoId === 'string') needed.planIds.add(data.planoId);
    } else if (isOneOf(PLAN_TERMS_EVENT_TYPES, stored.eventType)) {
      needed.planIds.add(stored.streamId);
    } else if (stored.eventType === GOALS_SET) {
      needed.tenantIds.add(stored.tenantId);
    }
  }
  return needed;
}

/**
 * Folds a batch over the rows the earlier events left:
 * - recebido, despesas, allocations by tipo and the number of transactions, from transactions
 *   (a void takes out exactly what its transaction put in); who paid, for the ticket médio;
 * - previsto: the month's agendada and feita sessions, each valued at its student's plan's value
 *   per credit when it was booked or given to that student (a later price change values the
 *   sessions booked after it). An event at or below a row's version is one already folded.
 */
export function foldMonthlySummaries(
  before: SummaryRows,
  events: readonly SummaryEvent[],
): SummaryFold {
  const sessions = new Map(before.sessions);
  const students = new Map(before.students);
  const plans = new Map(before.plans);
  const zones = new Map(before.zones);
  const changed = {
    sessions: new Set<string>(),
    students: new Set<string>(),
    plans: new Set<string>(),
    zones: new Set<string>(),
  };
  const months = new Map<string, MonthDelta>();
  const payers = new Map<string, PayerDelta>();
  const month = (tenantId: string, key: string): MonthDelta => {
    const id = `${tenantId}|${key}`;
    let entry = months.get(id);
    if (!entry) {
      entry = {
        tenantId,
        month: key,
        previsto: 0,
        recebido: 0,
        despesas: 0,
        transacoes: 0,
        allocations: { imposto: 0, reserva: 0, operacional: 0, retirada: 0 },
      };
      months.set(id, entry);
    }
    return entry;
  };
  const valueOf = (studentId: string): number => {
    const planoId = students.get(studentId)?.planoId;
    const plan = planoId ? plans.get(planoId) : undefined;
    return plan ? valuePerCreditCentavos(plan.valorCentavos, plan.creditos) : 0;
  };

  for (const stored of events) {
    const type = stored.eventType;
    if (isOneOf(TRANSACTION_EVENT_TYPES, type)) {
      const event = { type, data: stored.data } as TransactionEvent;
      const sign = event.type === 'TransactionRecorded' ? 1 : -1;
      const facts = event.data;
      const key = facts.data.slice(0, 7);
      const entry = month(stored.tenantId, key);
      entry.transacoes += sign;
      if (facts.tipo === 'receita') {
        entry.recebido += sign * facts.valorCentavos;
        for (const allocation of facts.allocations)
          entry.allocations[allocation.tipo] += sign * allocation.valorCentavos;
        const payer = facts.studentId ?? `transacao:${stored.streamId}`;
        const id = `${stored.tenantId}|${key}|${payer}`;
        const current = payers.get(id) ?? {
          tenantId: stored.tenantId,
          month: key,
          payer,
          delta: 0,
        };
        current.delta += sign;
        payers.set(id, current);
      } else {
        entry.despesas += sign * facts.valorCentavos;
      }
    } else if (isOneOf(SESSION_EVENT_TYPES, type)) {
      const event = { type, data: stored.data } as SessionEvent;
      const previous = sessions.get(stored.streamId);
      if (previous && stored.streamVersion <= previous.version) continue;
      if (!previous && event.type !== 'SessionBooked') continue;
      const zone = zones.get(stored.tenantId) ?? DEFAULT_TIME_ZONE;
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
        after = { ...(previous as SessionRow), version: stored.streamVersion };
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
      if (counts(previous))
        month(previous.tenantId, previous.month).previsto -= previous.valorCentavos;
      if (counts(after)) month(after.tenantId, after.month).previsto += after.valorCentavos;
      sessions.set(after.id, after);
      changed.sessions.add(after.id);
    } else if (isOneOf(STUDENT_PLAN_EVENTS, type)) {
      const event = { type, data: stored.data } as StudentLifecycleEvent;
      const row = students.get(stored.streamId);
      if (row && stored.streamVersion <= row.version) continue;
      if (event.type === 'StudentRegistered') {
        students.set(stored.streamId, {
          id: stored.streamId,
          tenantId: stored.tenantId,
          planoId: event.data.planoId,
          version: stored.streamVersion,
        });
      } else if (row && event.type === 'StudentUpdated') {
        const planoId = event.data.planoId === undefined ? row.planoId : event.data.planoId;
        students.set(row.id, { ...row, planoId, version: stored.streamVersion });
      } else continue;
      changed.students.add(stored.streamId);
    } else if (isOneOf(PLAN_TERMS_EVENT_TYPES, type)) {
      const event = { type, data: stored.data } as PlanTermsEvent;
      const row = plans.get(stored.streamId);
      if (row && stored.streamVersion <= row.version) continue;
      if (event.type === 'PlanCreated') {
        plans.set(stored.streamId, {
          id: stored.streamId,
          tenantId: stored.tenantId,
          valorCentavos: event.data.valorCentavos,
          creditos: event.data.creditos,
          version: stored.streamVersion,
        });
      } else if (row) {
        plans.set(row.id, {
          ...row,
          valorCentavos: event.data.valorCentavos ?? row.valorCentavos,
          creditos: event.data.creditos ?? row.creditos,
          version: stored.streamVersion,
        });
      } else continue;
      changed.plans.add(stored.streamId);
    } else if (type === GOALS_SET) {
      zones.set(stored.tenantId, (stored.data as GoalsSettings).fusoHorario);
      changed.zones.add(stored.tenantId);
    }
  }

  return {
    months: [...months.values()],
    payers: [...payers.values()].filter((payer) => payer.delta !== 0),
    rows: { sessions, students, plans, zones },
    changed: {
      sessions: [...changed.sessions],
      students: [...changed.students],
      plans: [...changed.plans],
      zones: [...changed.zones],
    },
  };
}
