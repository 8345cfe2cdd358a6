import type { AllocationTipo } from '../../contracts/finance/api';
import { transactionEvents } from '../../contracts/finance/events';
import { valuePerCreditCentavos } from '../../contracts/plans/api';
import { planTermsEvents } from '../../contracts/plans/events';
import { sessionLifecycleEvents } from '../../contracts/scheduling/events';
import { studentLifecycleEvents } from '../../contracts/students/events';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import {
  eventTypesOf,
  pickEvents,
  eventsIn,
  type StoredEvent,
  type StoredEventOf,
} from '../../platform/event-store/event';
import { financeSettingsEvents } from './finance-settings.decider';

/**
 * The month's arithmetic of the finance summaries, as a pure fold: what a batch of events adds to
 * each tenant's month (previsto, recebido, despesas, allocations, transactions, payers), given the
 * sessions, students, plans and time zones the earlier events left. The projection reads those
 * rows, folds, and writes the result (finance/projections/summaries.projection.ts).
 */

const studentPlanEvents = pickEvents(studentLifecycleEvents, ['StudentRegistered', 'StudentUpdated']);

/** The events the summaries fold. */
export const summaryEvents = {
  ...transactionEvents,
  ...sessionLifecycleEvents,
  ...studentPlanEvents,
  ...planTermsEvents,
  ...financeSettingsEvents,
};
export const SUMMARY_EVENT_TYPES = eventTypesOf(summaryEvents);

/** What the fold reads of an event: where it is, and its type and data. */
type SummaryFields = 'tenantId' | 'streamId' | 'streamVersion' | 'eventType' | 'data';
export type SummaryEvent =
  StoredEventOf<typeof summaryEvents> extends infer Stored
    ? Stored extends StoredEventOf<typeof summaryEvents>
      ? Pick<Stored, SummaryFields>
      : never
    : never;

/** The summary events of one of the catalogues it reads. */
const isOf =
  <Catalogue extends object>(catalogue: Catalogue) =>
  (stored: SummaryEvent): stored is Extract<SummaryEvent, { eventType: keyof Catalogue }> =>
    Object.hasOwn(catalogue, stored.eventType);
const isTransaction = isOf(transactionEvents);
const isSession = isOf(sessionLifecycleEvents);
const isStudentPlan = isOf(studentPlanEvents);
const isPlanTerms = isOf(planTermsEvents);

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


/** 'YYYY-MM' of an instant in a time zone. */
export const monthOfInstant = (instant: string, timeZone: string): string =>
  zonedParts(new Date(instant), timeZone).date.slice(0, 7);

/** A session counts in previsto while agendada or feita, and not deleted. */
const counts = (row: SessionRow | undefined): row is SessionRow =>
  row !== undefined && !row.deleted && (row.status === 'agendada' || row.status === 'feita');

/** The events of a batch the summaries fold, in order. */
export const summaryEventsOf = (batch: readonly StoredEvent[]): StoredEventOf<typeof summaryEvents>[] =>
  eventsIn(batch, summaryEvents);

export function rowsNeeded(events: readonly SummaryEvent[]): RowsNeeded {
  const needed: RowsNeeded = {
    sessionIds: new Set(),
    studentIds: new Set(),
    planIds: new Set(),
    tenantIds: new Set(),
  };
  for (const stored of events) {
    if (isSession(stored)) {
      needed.sessionIds.add(stored.streamId);
      needed.tenantIds.add(stored.tenantId);
      if (stored.eventType === 'SessionBooked' || stored.eventType === 'SessionReassigned')
        if (stored.data.studentId) needed.studentIds.add(stored.data.studentId);
    } else if (isStudentPlan(stored)) {
      needed.studentIds.add(stored.streamId);
      if (stored.data.planoId) needed.planIds.add(stored.data.planoId);
    } else if (isPlanTerms(stored)) {
      needed.planIds.add(stored.streamId);
    } else if (stored.eventType === 'FinanceGoalsSet') {
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
    if (isTransaction(stored)) {
      const sign = stored.eventType === 'TransactionRecorded' ? 1 : -1;
      const facts = stored.data;
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
    } else if (isSession(stored)) {
      const previous = sessions.get(stored.streamId);
      if (previous && stored.streamVersion <= previous.version) continue;
      if (!previous && stored.eventType !== 'SessionBooked') continue;
      const zone = zones.get(stored.tenantId) ?? DEFAULT_TIME_ZONE;
      let after: SessionRow;
      if (stored.eventType === 'SessionBooked') {
        after = {
          id: stored.streamId,
          tenantId: stored.tenantId,
          studentId: stored.data.studentId,
          month: monthOfInstant(stored.data.inicio, zone),
          status: 'agendada',
          deleted: false,
          valorCentavos: valueOf(stored.data.studentId),
          version: stored.streamVersion,
        };
      } else {
        after = { ...(previous as SessionRow), version: stored.streamVersion };
        switch (stored.eventType) {
          case 'SessionRescheduled':
            after.month = monthOfInstant(stored.data.inicio, zone);
            break;
          case 'SessionReassigned':
            if (stored.data.studentId && stored.data.studentId !== after.studentId) {
              after.studentId = stored.data.studentId;
              after.valorCentavos = valueOf(stored.data.studentId);
            }
            break;
          case 'SessionStatusChanged':
            after.status = stored.data.to;
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
    } else if (isStudentPlan(stored)) {
      const row = students.get(stored.streamId);
      if (row && stored.streamVersion <= row.version) continue;
      if (stored.eventType === 'StudentRegistered') {
        students.set(stored.streamId, {
          id: stored.streamId,
          tenantId: stored.tenantId,
          planoId: stored.data.planoId,
          version: stored.streamVersion,
        });
      } else if (row && stored.eventType === 'StudentUpdated') {
        const planoId = stored.data.planoId === undefined ? row.planoId : stored.data.planoId;
        students.set(row.id, { ...row, planoId, version: stored.streamVersion });
      } else continue;
      changed.students.add(stored.streamId);
    } else if (isPlanTerms(stored)) {
      const row = plans.get(stored.streamId);
      if (row && stored.streamVersion <= row.version) continue;
      if (stored.eventType === 'PlanCreated') {
        plans.set(stored.streamId, {
          id: stored.streamId,
          tenantId: stored.tenantId,
          valorCentavos: stored.data.valorCentavos,
          creditos: stored.data.creditos,
          version: stored.streamVersion,
        });
      } else if (row) {
        plans.set(row.id, {
          ...row,
          valorCentavos: stored.data.valorCentavos ?? row.valorCentavos,
          creditos: stored.data.creditos ?? row.creditos,
          version: stored.streamVersion,
        });
      } else continue;
      changed.plans.add(stored.streamId);
    } else {
      zones.set(stored.tenantId, stored.data.fusoHorario);
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
