import type { ChargePaymentMethod } from './api';

/**
 * What a paid charge asks of other contexts, through these ports: the finance context records the
 * receita, the students context grants the credits. Each is sent once by whoever settles first.
 */

/** The credits' reason on the student's history and the receita's description (the issue's words). */
export const planPaymentReason = (planNome: string) => `Pagamento do plano ${planNome}`;
/** The credits' reason when a refunded payment's credits are removed. */
export const refundReason = (planNome: string) => `Devolução do pagamento do plano ${planNome}`;

/** What a paid charge settles: one receita and one grant, each sent once by whoever settles first. */
export interface ChargeSettlement {
  chargeId: string;
  /** Deterministic: the same charge always names the same receita. */
  transactionId: string;
  studentId: string;
  planNome: string;
  creditos: number;
  valorCentavos: number;
  /** The day it was paid (AAAA-MM-DD in the tenant's zone). */
  data: string;
  /** The receita's description when it is not a plan's payment (a late-cancel fee). */
  descricao?: string;
}

/**
 * A refund of a paid charge, for finance: the receita standing so far is voided and, when only part
 * of the payment went back, the part kept is recorded anew (same day, student and charge), so each
 * total counts what was kept and a voided receita is never half-voided.
 */
export interface ChargeRefundSettlement {
  chargeId: string;
  studentId: string;
  /** The receita standing before this refund. */
  voidTransactionId: string;
  /** What is still kept, as a new receita; null when the whole payment went back. */
  kept: { transactionId: string; valorCentavos: number; data: string; descricao: string } | null;
}

/**
 * Who sends a settlement's command and its idempotency key (the shape of the platform's command
 * context: contracts/ cannot import it).
 */
export interface SettlementContext {
  tenantId: string;
  actorId: string;
  actorRole: 'personal' | 'aluno' | 'system';
  correlationId: string;
  causationId?: string;
  idempotency?: { key: string; fingerprint: string };
}

/**
 * Records the receita of a paid charge (the finance context provides it): metodo pix, the student,
 * referencia the charge. Recording it again is a no-op.
 */
export abstract class ChargeReceitas {
  /** Answers the position of the receita's event (or of what stood already). */
  abstract record(context: SettlementContext, settlement: ChargeSettlement): Promise<number>;
  /** Voids the standing receita and records what is kept; again, a no-op. Answers the last position. */
  abstract refund(context: SettlementContext, refund: ChargeRefundSettlement): Promise<number>;
}

/** Grants the plan's credits of a paid charge (the students context provides it). */
export abstract class ChargeCredits {
  /** Answers the position of the grant's event (0 when the student is gone). */
  abstract grant(context: SettlementContext, settlement: ChargeSettlement): Promise<number>;
  /**
   * Removes up to `creditos` of a refunded payment, never below zero (0 when the student is gone
   * or has none). Answers the position of the removal's event (0 when nothing was removed).
   */
  abstract remove(
    context: SettlementContext,
    removal: { studentId: string; creditos: number; reason: string },
  ): Promise<number>;
}

/** What the student owes, as their area shows it: to pay by 'Pix Copia e Cola'. */
export interface StudentCharge {
  id: string;
  /** The plan's name, or 'Taxa de cancelamento'. */
  descricao: string;
  valorCentavos: number;
  brCode: string;
  /** 'pix-automatico': debited by the student's bank (no code to copy). */
  pagamento: ChargePaymentMethod;
  vencimento: string | null;
  diasEmAtraso: number;
}

/** The charges a student has to pay (the charges context provides it, for the student area). */
export abstract class StudentCharges {
  abstract pendingOf(tenantId: string, studentId: string): Promise<StudentCharge[]>;
}

/** The charges context's read model, for routes of other contexts that read it through a port. */
export const CHARGE_READ_MODELS = ['charges'] as const;

/** A subscription's cycle due in a month (AAAA-MM, São Paulo): its student and what it charges (centavos). */
export interface DueCycle {
  month: string;
  studentId: string;
  valorCentavos: number;
}

/**
 * The subscriptions' cycles due in some months (the charges context provides it), issued or still
 * to come, none after the last one a cancellation left: finance's previsto (the month's and the
 * series') counts them in place of the subscribed students' sessions.
 */
export abstract class SubscriptionCycles {
  /** The read model it answers from: a reader of the port waits for it as for its own. */
  static readonly readModel = 'subscriptions';
  abstract dueIn(tenantId: string, months: readonly string[]): Promise<DueCycle[]>;
}

/**
 * What closing an account asks of the charges context first, while its PSP can still be reached
 * (the closing then destroys the connection's secrets): every pending charge and every subscription
 * cancelled, each Pix Automático recurrence at the PSP too. A PSP that does not answer does not
 * hold the closing back (LGPD: a trainer may close at any time).
 */
export abstract class ChargesOfClosingAccount {
  abstract cancelAll(context: SettlementContext): Promise<void>;
}
