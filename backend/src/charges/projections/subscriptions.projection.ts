import type { Selectable } from 'kysely';
import { type SubscriptionEvent, subscriptionEvents } from '../../contracts/charges/events';
import { SubscriptionCycles } from '../../contracts/charges/ports';
import { eventTypesOf, type StoredEventEnvelope } from '../../platform/event-store/event';
import { numericFromCentavos } from '../../contracts/shared/money';
import type { Subscriptions } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { FIRST_PSP_CHECK_MS } from '../commands/charge.commands';
import {
  type Billing,
  billingAfter,
  billsCycle,
  billsFrom,
  firstDueDate,
  nextDueDate,
  STARTED_BILLING,
} from '../domain/subscription.decider';

/**
 * A cycle the PSP refused, as the row keeps it until it is issued or left out; a transient failure
 * with when the clock tries it again.
 */
export interface CycleRefusal {
  ciclo: string;
  vencimento: string;
  motivo: string;
  novaTentativaEm?: string;
}

export type SubscriptionRow = Omit<Selectable<Subscriptions>, 'recusas' | 'billing'> & {
  recusas: CycleRefusal[];
  billing: Billing;
};

/** The recurrence no longer waits: no request to the student's bank stands. */
const noRequest = { pixAutomaticoPedidoEm: null, pixAutomaticoPedidoExpiraEm: null };

/** When the reconciliation first asks the PSP about a recurrence the student has to answer. */
const firstCheckAfter = (at: Date) => new Date(at.getTime() + FIRST_PSP_CHECK_MS);

/** The row's refusals, and the earliest time the clock tries one of them again. */
function withRefusals(
  recusas: CycleRefusal[],
): Pick<SubscriptionRow, 'recusas' | 'novaTentativaEm'> {
  const retries = recusas.flatMap((refusal) => refusal.novaTentativaEm ?? []).sort();
  return { recusas, novaTentativaEm: retries.length > 0 ? new Date(retries[0]) : null };
}

/**
 * The row once which cycles it bills changed: a refusal of a cycle no longer billed goes, and the
 * cursor stops past the last cycle a cancellation keeps (a pause only skips).
 */
function billingChanged(row: SubscriptionRow, billing: Billing): SubscriptionRow {
  const cursor = row.proximoVencimento;
  return {
    ...row,
    status: billing.status,
    billing,
    proximoVencimento: cursor !== null && billsFrom(billing, cursor) ? cursor : null,
    ...withRefusals(row.recusas.filter((refusal) => billsCycle(billing, refusal.vencimento))),
  };
}

/**
 * The row after `stored`, from the event and its time alone (never the clock); undefined before
 * the subscription's start was seen. The answer of a command folds the same function.
 */
export function nextSubscriptionRow(
  row: SubscriptionRow | undefined,
  stored: StoredEventEnvelope & { event: SubscriptionEvent },
): SubscriptionRow | undefined {
  const version = stored.streamVersion;
  if (stored.event.type === 'SubscriptionStarted') {
    const data = stored.event.data;
    return {
      id: stored.streamId,
      tenantId: stored.tenantId,
      studentId: data.studentId,
      planId: data.planId,
      planNome: data.planNome,
      valor: numericFromCentavos(data.valorCentavos),
      diaVencimento: data.diaVencimento,
      inicio: data.inicio,
      status: STARTED_BILLING.status,
      billing: STARTED_BILLING,
      proximoVencimento: firstDueDate(data.inicio, data.diaVencimento),
      ...withRefusals([]),
      createdAt: stored.occurredAt,
      cancelledAt: null,
      idRec: null,
      pixAutomatico: null,
      pixAutomaticoFalha: null,
      pixAutomaticoQr: null,
      ...noRequest,
      recCheckAt: null,
      version,
    };
  }
  if (!row) return undefined;
  const { event } = stored;
  switch (event.type) {
    case 'SubscriptionCancelled':
      return {
        ...billingChanged(row, billingAfter(row.billing, event)),
        cancelledAt: stored.occurredAt,
        version,
      };
    case 'SubscriptionPaused':
    case 'SubscriptionResumed':
      return { ...billingChanged(row, billingAfter(row.billing, event)), version };
    case 'SubscriptionCycleDue': {
      const next = nextDueDate(event.data.vencimento, row.diaVencimento);
      const cursor =
        row.proximoVencimento !== null && row.proximoVencimento > next
          ? row.proximoVencimento
          : next;
      return {
        ...row,
        proximoVencimento: billsFrom(row.billing, cursor) ? cursor : null,
        ...withRefusals(row.recusas.filter((refusal) => refusal.ciclo !== event.data.ciclo)),
        version,
      };
    }
    case 'SubscriptionCycleIssued':
    case 'SubscriptionCycleLeftOut':
      return {
        ...row,
        ...withRefusals(row.recusas.filter((refusal) => refusal.ciclo !== event.data.ciclo)),
        version,
      };
    case 'SubscriptionCycleRefused': {
      const { ciclo } = event.data;
      return {
        ...row,
        ...withRefusals([...row.recusas.filter((refusal) => refusal.ciclo !== ciclo), event.data]),
        version,
      };
    }
    case 'SubscriptionRecurrenceRequested':
      return {
        ...row,
        idRec: event.data.idRec,
        pixAutomatico: 'aguardando',
        pixAutomaticoFalha: null,
        pixAutomaticoQr: event.data.pixCopiaECola,
        recCheckAt: firstCheckAfter(stored.occurredAt),
        version,
      };
    case 'SubscriptionRecurrenceAuthorisationRequested':
      if (row.idRec !== event.data.idRec) return { ...row, version };
      return {
        ...row,
        pixAutomaticoPedidoEm: new Date(event.data.enviadoEm),
        pixAutomaticoPedidoExpiraEm: new Date(event.data.expiraEm),
        // The student answers in their bank's app: ask the PSP soon, in case no word comes.
        recCheckAt: firstCheckAfter(stored.occurredAt),
        version,
      };
    case 'SubscriptionRecurrenceAuthorised':
    case 'SubscriptionRecurrenceEnded':
      if (row.idRec !== event.data.idRec) return { ...row, version };
      return {
        ...row,
        pixAutomatico:
          event.type === 'SubscriptionRecurrenceAuthorised' ? 'autorizada' : event.data.motivo,
        pixAutomaticoQr: null,
        recCheckAt: null,
        ...noRequest,
        version,
      };
    case 'SubscriptionRecurrenceFailed':
      if (row.idRec !== null) return { ...row, version };
      return {
        ...row,
        pixAutomatico: 'nao_criada',
        pixAutomaticoFalha: event.data.motivo,
        version,
      };
  }
}

/**
 * `subscriptions`: one row per subscription, with its status, the next cycle still to come due
 * and when a cycle the PSP failed to make is next tried again (the cycles' clock reads both), the
 * cycles the PSP refused and its Pix Automático as last learnt.
 */
export const subscriptionsProjection = streamRowProjection<SubscriptionEvent, SubscriptionRow>({
  name: SubscriptionCycles.readModel,
  table: 'subscriptions',
  eventTypes: eventTypesOf(subscriptionEvents),
  changeType: 'subscription',
  nextRow: nextSubscriptionRow,
});
