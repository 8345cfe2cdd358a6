import { v5 as uuidv5 } from 'uuid';
import {
  SUBSCRIPTION_STREAM_TYPE,
  type SubscriptionEvent,
  type SubscriptionStartedData,
} from '../../contracts/charges/events';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { ConflictError, type DomainError, NotFoundError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';

/** Namespaces of the subscription streams' and the cycle charges' ids (fixed forever). */
const SUBSCRIPTION_NAMESPACE = '3f6c1e8a-7b24-4d90-a5f3-91c2e0b7d468';
const CYCLE_NAMESPACE = 'a9d04b7e-2c61-4f38-8e15-6b7f3c2d1a90';

/**
 * The stream of a student's `nth` subscription (1, 2, ...): subscribing again after a cancellation
 * starts the next one, a new subscription with its own id. The first keeps the id every student's
 * one subscription had before, so the streams written then are read as their first.
 */
export const subscriptionIdOf = (studentId: string, nth: number): string =>
  uuidv5(nth === 1 ? studentId : `${studentId}:${nth}`, SUBSCRIPTION_NAMESPACE);

/** The charge of a cycle: one per subscription and month, whoever issues it and however often. */
export const cycleChargeIdOf = (subscriptionId: string, ciclo: string): string =>
  uuidv5(`${subscriptionId}:${ciclo}`, CYCLE_NAMESPACE);

/** The due day of the month `ciclo` (AAAA-MM) on day `dia` (1 to 28: every month has it). */
export const dueDateOf = (ciclo: string, dia: number): string =>
  `${ciclo}-${String(dia).padStart(2, '0')}`;

/** The month after `ciclo` (AAAA-MM). */
export function nextCiclo(ciclo: string): string {
  const [year, month] = ciclo.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** The first cycle's due day: the due day on or after the start. */
export function firstDueDate(inicio: string, dia: number): string {
  const same = dueDateOf(inicio.slice(0, 7), dia);
  return same >= inicio ? same : dueDateOf(nextCiclo(inicio.slice(0, 7)), dia);
}

/** The cycle due after the one due on `due`. */
export const nextDueDate = (due: string, dia: number): string =>
  dueDateOf(nextCiclo(due.slice(0, 7)), dia);

/** The last cycle due on or before `today`; null when the first is still ahead. */
export function lastDueOnOrBefore(inicio: string, dia: number, today: string): string | null {
  let due = firstDueDate(inicio, dia);
  if (due > today) return null;
  for (let next = nextDueDate(due, dia); next <= today; next = nextDueDate(next, dia)) due = next;
  return due;
}

/** A cycle's charge is made this many days before its due day, or at once when that passed. */
export const issueDateOf = (due: string, leadDays: number): string => addDays(due, -leadDays);

export type SubscriptionCommand =
  | { type: 'Subscribe'; subscription: SubscriptionStartedData }
  | { type: 'CancelSubscription' }
  | { type: 'RequestRecurrence'; idRec: string; txid: string; pixCopiaECola: string }
  | { type: 'RequestRecurrenceAuthorisation'; idRec: string; idSolicRec: string; expiraEm: string }
  | { type: 'AuthoriseRecurrence'; idRec: string }
  | { type: 'EndRecurrence'; idRec: string; motivo: 'recusada' | 'cancelada' }
  | { type: 'RecordRecurrenceFailure'; motivo: string };

/** A subscription's Pix Automático recurrence, as Vira last learnt it from the PSP. */
export interface Recurrence {
  idRec: string;
  status: 'aguardando' | 'autorizada' | 'recusada' | 'cancelada';
}

export type SubscriptionState =
  | { status: 'absent' }
  | {
      status: 'ativa' | 'cancelada';
      subscription: SubscriptionStartedData;
      ultimoVencimento: string | null;
      recorrencia?: Recurrence;
    };

export const subscriptionNotFound = () => new NotFoundError('Assinatura', 'feminine');

export const recurrenceNotWaiting = () =>
  new ConflictError(
    'recurrence_not_waiting',
    'Esta assinatura não tem um Pix Automático aguardando a autorização do aluno',
  );

function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionStarted':
      return { status: 'ativa', subscription: event.data, ultimoVencimento: null };
    case 'SubscriptionCancelled':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'cancelada', ultimoVencimento: event.data.ultimoVencimento };
    case 'SubscriptionRecurrenceRequested':
      return state.status === 'absent'
        ? state
        : { ...state, recorrencia: { idRec: event.data.idRec, status: 'aguardando' } };
    case 'SubscriptionRecurrenceAuthorisationRequested':
    case 'SubscriptionRecurrenceFailed':
      return state;
    case 'SubscriptionRecurrenceAuthorised':
      return state.status === 'absent'
        ? state
        : { ...state, recorrencia: { idRec: event.data.idRec, status: 'autorizada' } };
    case 'SubscriptionRecurrenceEnded':
      return state.status === 'absent'
        ? state
        : { ...state, recorrencia: { idRec: event.data.idRec, status: event.data.motivo } };
  }
}

/** The recurrence a PSP's word is about, while it is still open (waiting or authorised). */
const openRecurrence = (state: SubscriptionState, idRec: string): Recurrence | undefined =>
  state.status !== 'absent' &&
  state.recorrencia?.idRec === idRec &&
  (state.recorrencia.status === 'aguardando' || state.recorrencia.status === 'autorizada')
    ? state.recorrencia
    : undefined;

function decide(
  command: SubscriptionCommand,
  state: SubscriptionState,
  now: Date,
): SubscriptionEvent[] | DomainError {
  switch (command.type) {
    case 'Subscribe':
      if (state.status === 'ativa')
        return new ConflictError(
          'subscription_exists',
          'Este aluno já tem uma assinatura ativa: cancele-a antes de assinar outro plano',
        );
      return [{ type: 'SubscriptionStarted', data: command.subscription }];
    case 'CancelSubscription': {
      if (state.status === 'absent') return subscriptionNotFound();
      if (state.status === 'cancelada') return [];
      const { inicio, diaVencimento } = state.subscription;
      const today = zonedParts(now, DEFAULT_TIME_ZONE).date;
      // The cycle already due stays; the next one is not charged.
      return [
        {
          type: 'SubscriptionCancelled',
          data: { ultimoVencimento: lastDueOnOrBefore(inicio, diaVencimento, today) },
        },
      ];
    }
    case 'RequestRecurrence': {
      if (state.status === 'absent') return subscriptionNotFound();
      if (state.status !== 'ativa')
        return new ConflictError('subscription_cancelled', 'Esta assinatura foi cancelada');
      if (state.recorrencia?.idRec === command.idRec) return [];
      if (state.recorrencia && openRecurrence(state, state.recorrencia.idRec))
        return new ConflictError(
          'recurrence_exists',
          'Esta assinatura já tem um Pix Automático em andamento',
        );
      const { idRec, txid, pixCopiaECola } = command;
      return [{ type: 'SubscriptionRecurrenceRequested', data: { idRec, txid, pixCopiaECola } }];
    }
    case 'RequestRecurrenceAuthorisation': {
      if (state.status === 'absent') return subscriptionNotFound();
      const open = openRecurrence(state, command.idRec);
      if (state.status !== 'ativa' || open?.status !== 'aguardando') return recurrenceNotWaiting();
      const { idRec, idSolicRec, expiraEm } = command;
      return [
        {
          type: 'SubscriptionRecurrenceAuthorisationRequested',
          data: { idRec, idSolicRec, expiraEm, enviadoEm: now.toISOString() },
        },
      ];
    }
    case 'AuthoriseRecurrence': {
      // Only the subscription's own open recurrence, once; a cancelled subscription's stays ended.
      const open = openRecurrence(state, command.idRec);
      if (!open || open.status === 'autorizada' || state.status !== 'ativa') return [];
      return [{ type: 'SubscriptionRecurrenceAuthorised', data: { idRec: command.idRec } }];
    }
    case 'RecordRecurrenceFailure':
      if (state.status === 'absent') return subscriptionNotFound();
      // Only an active subscription still without a recurrence: one made meanwhile stands.
      if (state.status !== 'ativa' || state.recorrencia) return [];
      return [{ type: 'SubscriptionRecurrenceFailed', data: { motivo: command.motivo } }];
    case 'EndRecurrence':
      if (!openRecurrence(state, command.idRec)) return [];
      return [
        {
          type: 'SubscriptionRecurrenceEnded',
          data: { idRec: command.idRec, motivo: command.motivo },
        },
      ];
  }
}

/**
 * A student's subscription to a monthly plan: started once while none is active, cancelled once
 * (effective at the next cycle: the cycle due on or before the cancellation's day, São Paulo,
 * stays), then may start again. With Pix Automático, one recurrence at a time: requested (and,
 * while it waits, asked of the student's bank), then authorised (only while the subscription is
 * active) or ended, each once whatever the PSP repeats; or, when the PSP did not make it as the
 * student subscribed, that failure recorded (every cycle is then a charge to pay).
 */
export const subscriptionDecider: Decider<
  SubscriptionCommand,
  SubscriptionEvent,
  SubscriptionState
> = {
  streamType: SUBSCRIPTION_STREAM_TYPE,
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
};
