import { z } from 'zod';
import type { PixKeyType } from './pix';

/**
 * Online charges (spec 000 §2 'Cobrança Online', spec 001 §2 'Cobrar'): a PIX charge of a plan to a
 * student, with its static BR Code; paid once (by hand or by the PSP's notification), which records
 * the receita and grants the plan's credits, once. Shared by the API and the SPA.
 */

export const CHARGE_STATUSES = ['pendente', 'paga', 'cancelada'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  pendente: 'Pendente',
  paga: 'Paga',
  cancelada: 'Cancelada',
};

/** Spec 000 §5: the dialog's check, in the product's words. */
export const SELECT_PLAN_TITLE = 'Selecione um plano';
export const SELECT_PLAN_MESSAGE =
  'Você precisa selecionar um plano para gerar o link de pagamento.';

export const createChargeSchema = z.strictObject({
  studentId: z.uuid('Aluno inválido'),
  planId: z.uuid(SELECT_PLAN_MESSAGE),
});
export type CreateChargeInput = z.input<typeof createChargeSchema>;

export const chargesQuerySchema = z.strictObject({
  status: z
    .enum(CHARGE_STATUSES, "Status inválido (use 'pendente', 'paga' ou 'cancelada')")
    .optional(),
});

/** What a payment notification of a PSP carries (after its signature is checked). */
export const pixWebhookSchema = z.object({
  txid: z.string('txid inválido').regex(/^[A-Za-z0-9]{1,35}$/, 'txid inválido'),
  /** Reais, as the PSPs send it ("150.00" or 150). */
  valor: z.union([z.string(), z.number()]).optional(),
  endToEndId: z.string().max(64).optional(),
});
export type PixWebhookBody = z.infer<typeof pixWebhookSchema>;

/** A charge as the API answers it (valor in reais). */
export interface Charge {
  id: string;
  studentId: string;
  studentNome: string;
  planId: string;
  planNome: string;
  creditos: number;
  valor: number;
  txid: string;
  brCode: string;
  status: ChargeStatus;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  /** The receita recorded when it was paid. */
  transactionId: string | null;
}

/** The answer of POST /api/charges and of a confirm/cancel. */
export interface ChargeAnswer {
  id: string;
  valor: number;
  txid: string;
  brCode: string;
  status: ChargeStatus;
  transactionId: string | null;
  position: number;
}

export interface PixSettingsView {
  chave: string;
  tipoChave: PixKeyType;
  nomeRecebedor: string;
  cidade: string;
}

export const CHARGE_STREAM_TYPE = 'charge';

/** What a charge stream's ChargeCreated carries (money in centavos). */
export interface ChargeCreatedData {
  studentId: string;
  studentNome: string;
  telefone: string | null;
  planId: string;
  planNome: string;
  creditos: number;
  valorCentavos: number;
  txid: string;
  brCode: string;
}

export interface ChargeEventData {
  ChargeCreated: ChargeCreatedData;
  ChargePaid: { via: 'manual' | 'webhook'; provider: string | null; endToEndId: string | null };
  ChargeCancelled: Record<string, never>;
}
export type ChargeEventType = keyof ChargeEventData;
export const CHARGE_EVENT_TYPES: readonly ChargeEventType[] = [
  'ChargeCreated',
  'ChargePaid',
  'ChargeCancelled',
];

/** The credits' reason on the student's history (the issue's words). */
export const planPaymentReason = (planNome: string) => `Pagamento do plano ${planNome}`;

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
}

/** Grants the plan's credits of a paid charge (the students context provides it). */
export abstract class ChargeCredits {
  /** Answers the position of the grant's event (0 when the student is gone). */
  abstract grant(context: SettlementContext, settlement: ChargeSettlement): Promise<number>;
}

/** wa.me link with the student's number (55 + DDD + number) and a text. */
export function whatsappLink(telefone: string | null | undefined, text: string): string {
  const digits = (telefone ?? '').replace(/\D/g, '');
  const phone =
    digits.length === 0
      ? ''
      : digits.startsWith('55') && digits.length > 11
        ? digits
        : `55${digits}`;
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
}
