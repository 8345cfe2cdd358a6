import { eventData, type EventsOf } from '../shared/event-catalogue';
import { declarePersonalData } from '../shared/personal-data';
import type { PixSettings } from './pix';

/**
 * The events of a charge's stream (stream type 'charge', id = the charge's id), read by the
 * settlement that records the receita and grants the credits. Money in centavos.
 */
export const CHARGE_STREAM_TYPE = 'charge';

/** Whom and what a charge bills: the student as reached, the plan with its credits and price. */
export interface ChargeBilling {
  studentId: string;
  studentNome: string;
  telefone: string | null;
  planId: string;
  planNome: string;
  creditos: number;
  valorCentavos: number;
}

/** What a charge stream's ChargeCreated carries (money in centavos). */
export interface ChargeCreatedData extends ChargeBilling {
  txid: string;
  /** The static BR Code, or the PSP's dynamic one ('Pix Copia e Cola'). */
  brCode: string;
  /** Absent on charges made before these existed: avulsa, manual, no due day. */
  origem?: 'avulsa' | 'assinatura' | 'taxa';
  /** Made through the trainer's PSP (API Pix: PUT /cob/{txid}) or by hand. */
  provedor?: 'manual' | 'api-pix';
  /** The due day, AAAA-MM-DD in the tenant's zone. */
  vencimento?: string;
  /** The cancelled session a late-cancel fee is for. */
  sessionId?: string;
  /**
   * The PSP's kind of charge: 'cobv' (with a due date) for a subscription's cycle, 'cobr' a
   * Pix Automático recurring charge; absent: 'cob'.
   */
  tipoCob?: 'cob' | 'cobv' | 'cobr';
  /** A subscription's cycle: the subscription and the cycle's month (AAAA-MM). */
  subscriptionId?: string;
  ciclo?: string;
}

/** Cancelled by the trainer, or a fee waived, with why. */
export interface ChargeCancelledData {
  motivo?: string;
}

/** Paid by hand ('Marcar como pago') or by the PSP's notification. */
export interface ChargePaidData {
  /** 'webhook': a PSP's notification, confirmed with the PSP; 'conciliacao': the worker asked the PSP. */
  via: 'manual' | 'webhook' | 'conciliacao';
  provider: string | null;
  endToEndId: string | null;
}

/**
 * A Pix Automático cycle (cobr) the PSP ended unpaid (the student's bank refused it and its retries
 * are over): from then on it is paid like any charge, with this static BR Code of the trainer's
 * key for its amount (empty when the trainer has no key).
 */
export interface ChargeAutomaticDebitEndedData {
  brCode: string;
}

/**
 * A Pix of the paid charge given back to the payer, in whole or in part (the standard's devolução,
 * DEVOLVIDO at the trainer's PSP, read from GET /cob/{txid}): `valorCentavos` of it, once per
 * devolução `id`, never more than what is still kept.
 */
export interface ChargeRefundedData {
  devolucaoId: string;
  endToEndId: string;
  valorCentavos: number;
}

/**
 * The trainer answered, on the student's page, whether the credits of the refunded part go:
 * `creditos` were in question, removed when `remover` (as far as the balance goes), else kept.
 */
export interface ChargeRefundCreditsDecidedData {
  creditos: number;
  remover: boolean;
}

export const chargeEvents = {
  ChargeCreated: eventData<ChargeCreatedData>(),
  ChargePaid: eventData<ChargePaidData>(),
  ChargeCancelled: eventData<ChargeCancelledData>(),
  ChargeAutomaticDebitEnded: eventData<ChargeAutomaticDebitEndedData>(),
  ChargeRefunded: eventData<ChargeRefundedData>(),
  ChargeRefundCreditsDecided: eventData<ChargeRefundCreditsDecidedData>(),
};
/** The payer's name and phone copied into a charge are the student's; amounts and dates stay. */
export const chargePersonalData = declarePersonalData(chargeEvents, {
  ChargeCreated: { subject: 'studentId', fields: ['studentNome', 'telefone'] },
});
export type ChargeEvent = EventsOf<typeof chargeEvents>;

/** A subscription's stream (id derived from the student's, see subscriptionIdOf): stream type 'subscription'. */
export const SUBSCRIPTION_STREAM_TYPE = 'subscription';

/** A student subscribed to a monthly plan (money in centavos, days AAAA-MM-DD in São Paulo). */
export interface SubscriptionStartedData {
  studentId: string;
  studentNome: string;
  planId: string;
  planNome: string;
  valorCentavos: number;
  diaVencimento: number;
  inicio: string;
  /** The payer's CPF (digits), for a PSP's charge with a due date. */
  cpf: string | null;
}

/** Cancelled: no cycle after `ultimoVencimento` (null: none at all) is charged. */
export interface SubscriptionCancelledData {
  ultimoVencimento: string | null;
}

/**
 * Pix Automático: the recurrence made at the PSP (Jornada 3: its composite QR pays the first
 * cycle's immediate charge, `txid`, and authorises the next ones).
 */
export interface SubscriptionRecurrenceRequestedData {
  idRec: string;
  txid: string;
  pixCopiaECola: string;
}

/**
 * Jornada 1: the trainer asked the student's own bank to authorise the recurrence (a solicitação
 * at the PSP, `idSolicRec`), which stands until `expiraEm`. The account it named is not kept.
 */
export interface SubscriptionRecurrenceAuthorisationRequestedData {
  idRec: string;
  idSolicRec: string;
  expiraEm: string;
  enviadoEm: string;
}

/** The student authorised the recurrence in their bank (as the PSP answers GET /rec/{idRec}). */
export interface SubscriptionRecurrenceAuthorisedData {
  idRec: string;
}

/** The recurrence ended at the PSP: refused (or expired) before authorisation, or cancelled. */
export interface SubscriptionRecurrenceEndedData {
  idRec: string;
  motivo: 'recusada' | 'cancelada';
}

/**
 * Subscribing with Pix Automático, the PSP did not make the recurrence: `motivo` is what it (or
 * the connection to it) answered. Every cycle is then a charge to pay, as without Pix Automático.
 */
export interface SubscriptionRecurrenceFailedData {
  motivo: string;
}

/**
 * A cycle came due to be charged (from CYCLE_LEAD_DAYS before its due day, or at once when that
 * passed): the cycles process manager makes its charge, then records it issued or refused. Once
 * per cycle, and again when the trainer asks to try a refused one again or, after a transient
 * failure, when the clock tries it again.
 */
export interface SubscriptionCycleDueData {
  /** AAAA-MM. */
  ciclo: string;
  /** AAAA-MM-DD in São Paulo. */
  vencimento: string;
}

/** The cycle's charge was made (`chargeId`, derived from the subscription and the cycle). */
export interface SubscriptionCycleIssuedData extends SubscriptionCycleDueData {
  chargeId: string;
}

/**
 * The trainer's PSP did not make the cycle's charge (`motivo`, what it answered): nothing was
 * issued. A refusal waits for the trainer; a transient failure (the PSP down or unreachable) is
 * tried again by the clock from `novaTentativaEm` (ISO instant).
 */
export interface SubscriptionCycleRefusedData extends SubscriptionCycleDueData {
  motivo: string;
  novaTentativaEm?: string;
}

/**
 * 'Pausar assinatura': no cycle from `desde` (AAAA-MM, the first not yet due) to `ate` (null: until
 * resumed) is charged; paused again, the new pause replaces it.
 */
export interface SubscriptionPausedData {
  desde: string;
  ate: string | null;
}

/** 'Retomar': the pause ends with the cycle `ate` (before `desde`: no cycle was paused). */
export interface SubscriptionResumedData {
  ate: string;
}

/**
 * A cycle come due that the subscription no longer bills (cancelled or paused after it came due):
 * its charge, made ahead of its due day, is cancelled with `motivo`, here and at the PSP.
 */
export interface SubscriptionCycleLeftOutData extends SubscriptionCycleDueData {
  motivo: string;
}

export const subscriptionEvents = {
  SubscriptionStarted: eventData<SubscriptionStartedData>(),
  SubscriptionCancelled: eventData<SubscriptionCancelledData>(),
  SubscriptionRecurrenceRequested: eventData<SubscriptionRecurrenceRequestedData>(),
  SubscriptionRecurrenceAuthorisationRequested:
    eventData<SubscriptionRecurrenceAuthorisationRequestedData>(),
  SubscriptionRecurrenceAuthorised: eventData<SubscriptionRecurrenceAuthorisedData>(),
  SubscriptionRecurrenceEnded: eventData<SubscriptionRecurrenceEndedData>(),
  SubscriptionRecurrenceFailed: eventData<SubscriptionRecurrenceFailedData>(),
  SubscriptionCycleDue: eventData<SubscriptionCycleDueData>(),
  SubscriptionCycleIssued: eventData<SubscriptionCycleIssuedData>(),
  SubscriptionCycleRefused: eventData<SubscriptionCycleRefusedData>(),
  SubscriptionPaused: eventData<SubscriptionPausedData>(),
  SubscriptionResumed: eventData<SubscriptionResumedData>(),
  SubscriptionCycleLeftOut: eventData<SubscriptionCycleLeftOutData>(),
};
/** The student's name and CPF a subscription carries are the student's. */
export const subscriptionPersonalData = declarePersonalData(subscriptionEvents, {
  SubscriptionStarted: { subject: 'studentId', fields: ['studentNome', 'cpf'] },
});
export type SubscriptionEvent = EventsOf<typeof subscriptionEvents>;

/**
 * The events of a trainer's PIX settings stream: every save replaces the whole settings. Published:
 * the dashboard's first steps tick 'Configure o PIX' on it.
 */
export const pixSettingsEvents = {
  PixSettingsSet: eventData<PixSettings>(),
};
export type PixSettingsEvent = EventsOf<typeof pixSettingsEvents>;
