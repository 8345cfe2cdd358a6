import { z } from 'zod';
import { reaisSchema } from './money';

/** Shapes of the plans routes, shared by the API and the SPA. */

export const MAX_PLAN_CREDITS = 1_000;

const planFields = {
  nome: z
    .string('Nome deve ter pelo menos 2 caracteres')
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(120, 'Nome deve ter no máximo 120 caracteres'),
  descricao: z
    .string()
    .trim()
    .max(1_000, 'Descrição deve ter no máximo 1000 caracteres')
    .nullable()
    .optional(),
  /** Reais in JSON, centavos once parsed. */
  // The spec's rule says 'at least 0' and its message 'maior que zero': the message is what users read.
  valor: reaisSchema('Valor deve ser maior que zero', 0.01),
  creditos: z
    .number('Créditos deve ser um número positivo')
    .int('Créditos deve ser um número positivo')
    .min(0, 'Créditos deve ser um número positivo')
    .max(MAX_PLAN_CREDITS, `Créditos deve ser no máximo ${MAX_PLAN_CREDITS}`),
};

export const createPlanSchema = z.strictObject(planFields).transform((input) => ({
  nome: input.nome,
  descricao: input.descricao ?? null,
  valorCentavos: input.valor,
  creditos: input.creditos,
}));
export type CreatePlanInput = z.input<typeof createPlanSchema>;
/** A plan's terms as the API stores them (money in centavos). */
export type PlanTerms = z.output<typeof createPlanSchema>;

export const updatePlanSchema = z
  .strictObject({
    nome: planFields.nome.optional(),
    descricao: planFields.descricao,
    valor: planFields.valor.optional(),
    creditos: planFields.creditos.optional(),
    arquivado: z.boolean().optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Informe ao menos um campo para alterar')
  .transform(({ valor, ...rest }) => ({
    ...rest,
    ...(valor === undefined ? {} : { valorCentavos: valor }),
  }));
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;
/** The fields a PATCH changes (money in centavos) and whether it archives or restores the plan. */
export type PlanChanges = z.output<typeof updatePlanSchema>;

export interface Plan {
  id: string;
  nome: string;
  descricao: string | null;
  /** Reais. */
  valor: number;
  creditos: number;
  /** valor / creditos in reais (2 decimals), 0 when the plan has no credits. */
  valorPorCredito: number;
  arquivado: boolean;
  createdAt: string;
  updatedAt: string;
}

/** valor / creditos, rounded to the centavo; 0 when creditos is 0 (spec 001 §3). */
export const valuePerCreditCentavos = (valorCentavos: number, creditos: number): number =>
  creditos > 0 ? Math.round(valorCentavos / creditos) : 0;

/**
 * The events of a plan's stream other contexts read (finance values sessions by the plan's value per
 * credit): type names and data shapes. Stream type 'plan', id = the plan's id; money in centavos.
 */
export interface PlanEventData {
  PlanCreated: PlanTerms;
  /** Only the fields that changed. */
  PlanUpdated: Partial<PlanTerms>;
}
export type PlanTermsEvent = {
  [Type in keyof PlanEventData]: { type: Type; data: PlanEventData[Type] };
}[keyof PlanEventData];
export const PLAN_TERMS_EVENT_TYPES: readonly (keyof PlanEventData)[] = [
  'PlanCreated',
  'PlanUpdated',
];
