import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import {
  SUBSCRIPTION_STREAM_TYPE,
  type SubscriptionEvent,
  type SubscriptionStartedData,
} from '../../contracts/charges/events';
import {
  CYCLE_LEAD_DAYS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../contracts/charges/api';
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

/** The month `months` after `ciclo` (AAAA-MM; before it when negative). */
export function monthsAfter(ciclo: string, months: number): string {
  const [year, month] = ciclo.split('-').map(Number);
  const index = year * 12 + month - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
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

export type SubscriptionCommand =
  | { type: 'Subscribe'; subscription: SubscriptionStartedData }
  | { type: 'CancelSubscription' }
  | { type: 'OpenDueCycles'; ate: string }
  | { type: 'RecordCycleIssued'; ciclo: string; chargeId: string }
  | { type: 'RecordCycleRefused'; ciclo: string; motivo: string; transitoria: boolean }
  | { type: 'RetryRefusedCycles' }
  | { type: 'PauseSubscription'; ciclos: number | null }
  | { type: 'ResumeSubscription' }
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

/**
 * A cycle come due whose charge is not made yet: its due day, the PSP's refusal if any, how many
 * transient failures it met, and when the clock tries it again after the last (null: never).
 */
export interface OpenCycle {
  vencimento: string;
  recusa: string | null;
  falhasTransitorias: number;
  novaTentativaEm: string | null;
}

/** The first wait after a transient failure, doubled after each next one, up to the longest. */
const FIRST_RETRY_MS = 2 * 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** When a cycle that met `failures` transient failures before this one is tried again. */
const retryAfter = (now: Date, failures: number): string =>
  new Date(
    now.getTime() + Math.min(FIRST_RETRY_MS * 2 ** failures, LONGEST_RETRY_MS),
  ).toISOString();

/**
 * Which cycles a subscription bills: its status, cancelled the last cycle that stays, paused the
 * cycles left out (AAAA-MM, from `pausadaDesde` to `pausadaAte`, null: until resumed). The decider
 * holds it, the projection keeps it as it is (`subscriptions.billing`), every reader asks billsCycle.
 */
export const billingSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  ultimoVencimento: z.iso.date().nullable(),
  pausadaDesde: z.string().nullable(),
  pausadaAte: z.string().nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

export const STARTED_BILLING: Billing = {
  status: 'ativa',
  ultimoVencimento: null,
  pausadaDesde: null,
  pausadaAte: null,
};

/** Whether the cycle due on `vencimento` is within the subscription's pause. */
const paused = (billing: Billing, vencimento: string): boolean => {
  const ciclo = vencimento.slice(0, 7);
  return (
    billing.pausadaDesde !== null &&
    ciclo >= billing.pausadaDesde &&
    (billing.pausadaAte === null || ciclo <= billing.pausadaAte)
  );
};

/**
 * Whether the subscription bills the cycle due on `vencimento`: the one rule every reader of a
 * subscription (the decider, the cycles, finance's previsto, the answer) asks.
 */
export const billsCycle = (billing: Billing, vencimento: string): boolean =>
  !paused(billing, vencimento) &&
  (billing.status !== 'cancelada' ||
    (billing.ultimoVencimento !== null && vencimento <= billing.ultimoVencimento));

/**
 * Whether cycles still come due from `vencimento` on: a cancelled subscription stops past its last
 * billed cycle, any other only skips the ones it does not bill.
 */
export const billsFrom = (billing: Billing, vencimento: string): boolean =>
  billing.status !== 'cancelada' || billsCycle(billing, vencimento);

/** The events that change which cycles a subscription bills. */
type BillingEvent = Extract<
  SubscriptionEvent,
  { type: 'SubscriptionCancelled' | 'SubscriptionPaused' | 'SubscriptionResumed' }
>;

/** The billing an event leaves: the events that change which cycles are billed, and nothing else. */
export function billingAfter(billing: Billing, event: BillingEvent): Billing {
  switch (event.type) {
    case 'SubscriptionCancelled':
      return { ...billing, status: 'cancelada', ultimoVencimento: event.data.ultimoVencimento };
    case 'SubscriptionPaused':
      return {
        ...billing,
        status: 'pausada',
        pausadaDesde: event.data.desde,
        pausadaAte: event.data.ate,
      };
    case 'SubscriptionResumed':
      return billing.pausadaDesde !== null && event.data.ate >= billing.pausadaDesde
        ? { ...billing, status: 'ativa', pausadaAte: event.data.ate }
        : { ...billing, status: 'ativa', pausadaDesde: null, pausadaAte: null };
  }
}

/** Why the charge of a cycle the subscription no longer bills is cancelled. */
export const leftOutMotivo = (billing: Billing): string =>
  billing.status === 'pausada' ? 'Assinatura pausada' : 'Assinatura cancelada';

/**
 * The answer's part of the billing on `today`: a pause over is 'ativa' again without an event of
 * its own, and only a current pause has an end to show.
 */
export function billingAnswer(
  billing: Billing,
  today: string,
): { status: SubscriptionStatus; ultimoVencimento: string | null; pausadaAte: string | null } {
  const pausedNow =
    billing.status === 'pausada' &&
    (billing.pausadaAte === null || billing.pausadaAte >= today.slice(0, 7));
  const status = billing.status === 'pausada' && !pausedNow ? 'ativa' : billing.status;
  return {
    status,
    ultimoVencimento: billing.ultimoVencimento,
    pausadaAte: pausedNow ? billing.pausadaAte : null,
  };
}

export type SubscriptionState =
  | { status: 'absent' }
  | (Billing & {
      subscription: SubscriptionStartedData;
      /** The next cycle's due day still to come due; null when the subscription bills no more. */
      proximoVencimento: string | null;
      /** The cycles come due whose charge is not made yet, by cycle (AAAA-MM). */
      emAberto: Readonly<Record<string, OpenCycle>>;
      recorrencia?: Recurrence;
    });

type Subscribed = Exclude<SubscriptionState, { status: 'absent' }>;

export const subscriptionNotFound = () => new NotFoundError('Assinatura', 'feminine');

export const recurrenceNotWaiting = () =>
  new ConflictError(
    'recurrence_not_waiting',
    'Esta assinatura não tem um Pix Automático aguardando a autorização do aluno',
  );

/** The cursor after `due` came due: the cycle after it, if the subscription bills that one. */
function cursorAfter(state: Subscribed, due: string): string | null {
  const next = nextDueDate(due, state.subscription.diaVencimento);
  const cursor =
    state.proximoVencimento !== null && state.proximoVencimento > next
      ? state.proximoVencimento
      : next;
  return billsFrom(state, cursor) ? cursor : null;
}

/**
 * The subscription once which cycles it bills changed: a cycle it no longer bills is no longer to
 * be charged, come due or not, and the cursor stops at the last one it bills (a pause only skips).
 */
function billingChanged(state: Subscribed, billing: Billing): Subscribed {
  const changed = { ...state, ...billing };
  const cursor = state.proximoVencimento;
  return {
    ...changed,
    proximoVencimento: cursor !== null && billsFrom(changed, cursor) ? cursor : null,
    emAberto: Object.fromEntries(
      Object.entries(state.emAberto).filter(([, open]) => billsCycle(changed, open.vencimento)),
    ),
  };
}

const withoutCycle = (open: Readonly<Record<string, OpenCycle>>, ciclo: string) =>
  Object.fromEntries(Object.entries(open).filter(([each]) => each !== ciclo));

function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (event.type === 'SubscriptionStarted') {
    const { inicio, diaVencimento } = event.data;
    return {
      ...STARTED_BILLING,
      subscription: event.data,
      proximoVencimento: firstDueDate(inicio, diaVencimento),
      emAberto: {},
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'SubscriptionCancelled':
    case 'SubscriptionPaused':
    case 'SubscriptionResumed':
      return billingChanged(state, billingAfter(state, event));
    case 'SubscriptionCycleLeftOut':
      return { ...state, emAberto: withoutCycle(state.emAberto, event.data.ciclo) };
    case 'SubscriptionCycleDue':
      return {
        ...state,
        proximoVencimento: cursorAfter(state, event.data.vencimento),
        emAberto: {
          ...state.emAberto,
          [event.data.ciclo]: {
            vencimento: event.data.vencimento,
            recusa: null,
            falhasTransitorias: state.emAberto[event.data.ciclo]?.falhasTransitorias ?? 0,
            novaTentativaEm: null,
          },
        },
      };
    case 'SubscriptionCycleIssued':
      return { ...state, emAberto: withoutCycle(state.emAberto, event.data.ciclo) };
    case 'SubscriptionCycleRefused': {
      const open = state.emAberto[event.data.ciclo];
      if (!open) return state;
      const { motivo, novaTentativaEm } = event.data;
      return {
        ...state,
        emAberto: {
          ...state.emAberto,
          [event.data.ciclo]: {
            ...open,
            recusa: motivo,
            falhasTransitorias: open.falhasTransitorias + (novaTentativaEm ? 1 : 0),
            novaTentativaEm: novaTentativaEm ?? null,
          },
        },
      };
    }
    case 'SubscriptionRecurrenceRequested':
      return { ...state, recorrencia: { idRec: event.data.idRec, status: 'aguardando' } };
    case 'SubscriptionRecurrenceAuthorisationRequested':
    case 'SubscriptionRecurrenceFailed':
      return state;
    case 'SubscriptionRecurrenceAuthorised':
      return { ...state, recorrencia: { idRec: event.data.idRec, status: 'autorizada' } };
    case 'SubscriptionRecurrenceEnded':
      return { ...state, recorrencia: { idRec: event.data.idRec, status: event.data.motivo } };
  }
}

/** The recurrence a PSP's word is about, while it is still open (waiting or authorised). */
const openRecurrence = (state: SubscriptionState, idRec: string): Recurrence | undefined =>
  state.status !== 'absent' &&
  state.recorrencia?.idRec === idRec &&
  (state.recorrencia.status === 'aguardando' || state.recorrencia.status === 'autorizada')
    ? state.recorrencia
    : undefined;

/** A clock's word opens at most this many cycles of one subscription at once. */
const MAX_CYCLES_OPENED = 24;

/** The cycles due by `ate` still to come due, each once, in order; a paused one is passed by. */
function dueBy(state: Subscribed, ate: string): SubscriptionEvent[] {
  const events: SubscriptionEvent[] = [];
  let current: SubscriptionState = state;
  let due = state.proximoVencimento;
  while (
    current.status !== 'absent' &&
    due !== null &&
    due <= ate &&
    events.length < MAX_CYCLES_OPENED
  ) {
    if (billsCycle(current, due)) {
      const event: SubscriptionEvent = {
        type: 'SubscriptionCycleDue',
        data: { ciclo: due.slice(0, 7), vencimento: due },
      };
      events.push(event);
      current = evolve(current, event);
    }
    due = nextDueDate(due, state.subscription.diaVencimento);
  }
  return events;
}

/** The day up to which cycles come due on `now`: CYCLE_LEAD_DAYS ahead of today in São Paulo. */
export const dueHorizon = (now: Date): string =>
  addDays(zonedParts(now, DEFAULT_TIME_ZONE).date, CYCLE_LEAD_DAYS);

/**
 * The due days of the cycles that came due in `before` (opened up to its cursor), that it
 * bills and `after` no longer does: what a cancellation or a pause leaves out, whose charges made
 * ahead are to be cancelled.
 */
function cyclesLeftOut(before: SubscriptionState, after: SubscriptionState): string[] {
  if (before.status === 'absent' || after.status === 'absent') return [];
  const { inicio, diaVencimento } = before.subscription;
  const left: string[] = [];
  for (
    let due = firstDueDate(inicio, diaVencimento);
    before.proximoVencimento === null || due < before.proximoVencimento;
    due = nextDueDate(due, diaVencimento)
  ) {
    if (before.proximoVencimento === null && !billsCycle(before, due)) break;
    if (billsCycle(before, due) && !billsCycle(after, due)) left.push(due);
  }
  return left;
}

/**
 * The decision, and for each cycle come due that it leaves unbilled (a cancellation, a pause, any
 * change of billing), that cycle left out with why: its charge made ahead is then cancelled, here
 * and at the PSP, by the cycles' process manager.
 */
function decide(
  command: SubscriptionCommand,
  state: SubscriptionState,
  now: Date,
): SubscriptionEvent[] | DomainError {
  const decided = decideOnly(command, state, now);
  if (!Array.isArray(decided) || decided.length === 0) return decided;
  const after = decided.reduce(evolve, state);
  if (after.status === 'absent') return decided;
  const motivo = leftOutMotivo(after);
  return [
    ...decided,
    ...cyclesLeftOut(state, after).map(
      (vencimento): SubscriptionEvent => ({
        type: 'SubscriptionCycleLeftOut',
        data: { ciclo: vencimento.slice(0, 7), vencimento, motivo },
      }),
    ),
  ];
}

function decideOnly(
  command: SubscriptionCommand,
  state: SubscriptionState,
  now: Date,
): SubscriptionEvent[] | DomainError {
  if (command.type === 'Subscribe') {
    if (state.status === 'ativa' || state.status === 'pausada')
      return new ConflictError(
        'subscription_exists',
        'Este aluno já tem uma assinatura ativa: cancele-a antes de assinar outro plano',
      );
    const started: SubscriptionEvent = { type: 'SubscriptionStarted', data: command.subscription };
    const { inicio, diaVencimento } = command.subscription;
    const first = firstDueDate(inicio, diaVencimento);
    // The first cycle, already due or due within the lead days, comes due at once; the clock
    // opens the next ones.
    if (first > dueHorizon(now)) return [started];
    return [
      started,
      { type: 'SubscriptionCycleDue', data: { ciclo: first.slice(0, 7), vencimento: first } },
    ];
  }
  if (command.type === 'AuthoriseRecurrence') {
    // Only the subscription's own open recurrence, once; a cancelled subscription's stays ended.
    const open = openRecurrence(state, command.idRec);
    if (!open || open.status === 'autorizada' || state.status !== 'ativa') return [];
    return [{ type: 'SubscriptionRecurrenceAuthorised', data: { idRec: command.idRec } }];
  }
  if (command.type === 'EndRecurrence') {
    if (!openRecurrence(state, command.idRec)) return [];
    return [
      {
        type: 'SubscriptionRecurrenceEnded',
        data: { idRec: command.idRec, motivo: command.motivo },
      },
    ];
  }
  if (state.status === 'absent') return subscriptionNotFound();
  switch (command.type) {
    case 'CancelSubscription': {
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
    case 'OpenDueCycles': {
      // Transient failures whose wait is over come due again, before the cycles after them.
      const retried = Object.entries(state.emAberto)
        .filter(
          ([, open]) =>
            open.novaTentativaEm !== null && Date.parse(open.novaTentativaEm) <= now.getTime(),
        )
        .map(([ciclo, open]): SubscriptionEvent => ({
          type: 'SubscriptionCycleDue',
          data: { ciclo, vencimento: open.vencimento },
        }));
      return [...retried, ...dueBy(state, command.ate)];
    }
    case 'RecordCycleIssued': {
      const open = state.emAberto[command.ciclo];
      if (!open) return [];
      const { ciclo, chargeId } = command;
      return [
        { type: 'SubscriptionCycleIssued', data: { ciclo, vencimento: open.vencimento, chargeId } },
      ];
    }
    case 'RecordCycleRefused': {
      const open = state.emAberto[command.ciclo];
      if (!open || open.recusa !== null) return [];
      const { ciclo, motivo } = command;
      const data = { ciclo, vencimento: open.vencimento, motivo };
      return [
        {
          type: 'SubscriptionCycleRefused',
          data: command.transitoria
            ? { ...data, novaTentativaEm: retryAfter(now, open.falhasTransitorias) }
            : data,
        },
      ];
    }
    case 'RetryRefusedCycles': {
      const refused = Object.entries(state.emAberto).filter(([, open]) => open.recusa !== null);
      if (refused.length === 0)
        return new ConflictError(
          'nothing_to_retry',
          'Nenhuma cobrança desta assinatura foi recusada pelo PSP',
        );
      return refused.map(([ciclo, open]) => ({
        type: 'SubscriptionCycleDue',
        data: { ciclo, vencimento: open.vencimento },
      }));
    }
    case 'PauseSubscription':
    case 'ResumeSubscription': {
      if (state.status === 'cancelada')
        return new ConflictError(
          'not_active',
          'Esta assinatura foi cancelada: não pode ser pausada nem retomada',
        );
      const { inicio, diaVencimento } = state.subscription;
      const last = lastDueOnOrBefore(
        inicio,
        diaVencimento,
        zonedParts(now, DEFAULT_TIME_ZONE).date,
      );
      // From the first cycle not yet due: one due already stays charged.
      const desde = (
        last === null ? firstDueDate(inicio, diaVencimento) : nextDueDate(last, diaVencimento)
      ).slice(0, 7);
      if (command.type === 'ResumeSubscription') {
        if (state.status !== 'pausada') return [];
        return [{ type: 'SubscriptionResumed', data: { ate: monthsAfter(desde, -1) } }];
      }
      const ate = command.ciclos === null ? null : monthsAfter(desde, command.ciclos - 1);
      return [{ type: 'SubscriptionPaused', data: { desde, ate } }];
    }
    case 'RequestRecurrence': {
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
    case 'RecordRecurrenceFailure':
      // Only an active subscription still without a recurrence: one made meanwhile stands.
      if (state.status !== 'ativa' || state.recorrencia) return [];
      return [{ type: 'SubscriptionRecurrenceFailed', data: { motivo: command.motivo } }];
  }
}

/**
 * A student's subscription to a monthly plan: started once while none is active, cancelled once
 * (effective at the next cycle: the cycle due on or before the cancellation's day, São Paulo,
 * stays), then may start again. Its cycles come due in order, each once (the first at once when
 * subscribing, the others on a clock's word), and each is recorded issued or refused by the PSP, which the trainer
 * may try again; one the PSP failed to make (down, unreachable) the clock's word opens again after
 * a wait doubling from 2 minutes up to an hour. With Pix Automático, one recurrence at a time: requested (and,
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
