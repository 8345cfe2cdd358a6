import { z } from 'zod';
import { reaisSchema } from '../shared/money';
import { booleanQuery, listOf, routes } from '../shared/routes';

/** The plans routes: their bodies, answers and rules, shared by the API and the SPA. */

export const MAX_PLAN_CREDITS = 1_000;

/** 'avulso': charged by 'Cobrar'; 'mensal': billed every month on its due day (a subscription). */
export const PLAN_BILLING_TYPES = ['avulso', 'mensal'] as const;
export type PlanBillingType = (typeof PLAN_BILLING_TYPES)[number];
/** The last due day every month has. */
export const MAX_DUE_DAY = 28;

const dueDayMessage = `Dia do vencimento deve ser um número de 1 a ${MAX_DUE_DAY}`;
/** How the plan is billed; left out, 'avulso' with due day 1. */
export const planBillingSchema = z.strictObject(
  {
    tipo: z.enum(PLAN_BILLING_TYPES, "Cobrança inválida (use 'avulso' ou 'mensal')"),
    diaVencimento: z
      .number(dueDayMessage)
      .int(dueDayMessage)
      .min(1, dueDayMessage)
      .max(MAX_DUE_DAY, dueDayMessage)
      .default(1),
  },
  "Cobrança inválida (use { tipo: 'avulso' | 'mensal', diaVencimento })",
);
export type PlanBilling = z.output<typeof planBillingSchema>;
export const AVULSO_BILLING: PlanBilling = { tipo: 'avulso', diaVencimento: 1 };

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
  valor: reaisSchema('Valor'),
  creditos: z
    .number('Créditos deve ser um número positivo')
    .int('Créditos deve ser um número positivo')
    .min(0, 'Créditos deve ser um número positivo')
    .max(MAX_PLAN_CREDITS, `Créditos deve ser no máximo ${MAX_PLAN_CREDITS}`),
  cobranca: planBillingSchema.optional(),
};

export const createPlanSchema = z.strictObject(planFields).transform((input) => ({
  nome: input.nome,
  descricao: input.descricao ?? null,
  valorCentavos: input.valor,
  creditos: input.creditos,
  cobranca: input.cobranca ?? AVULSO_BILLING,
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
    cobranca: planFields.cobranca,
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

export const planSchema = z
  .object({
    id: z.uuid(),
    nome: z.string(),
    descricao: z.string().nullable(),
    /** Reais. */
    valor: z.number(),
    creditos: z.number().int(),
    /** valor / creditos in reais (2 decimals), 0 when the plan has no credits. */
    valorPorCredito: z.number(),
    cobranca: z.object({ tipo: z.enum(PLAN_BILLING_TYPES), diaVencimento: z.number().int() }),
    arquivado: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Plano' });
export type Plan = z.infer<typeof planSchema>;

/** valor / creditos, rounded to the centavo; 0 when creditos is 0 (spec 001 §3). */
export const valuePerCreditCentavos = (valorCentavos: number, creditos: number): number =>
  creditos > 0 ? Math.round(valorCentavos / creditos) : 0;

/** A late cancellation's fee: `taxaPercent` of the value per credit of the student's plan. */
export const lateCancelFeeCentavos = (valuePerCredit: number, taxaPercent: number): number =>
  Math.round((valuePerCredit * taxaPercent) / 100);

const plans = routes('plans', 'personal').collection('/plans');

export const plansApi = {
  list: plans.list({
    summary: 'Planos do personal, por nome (arquivados só com ?arquivados=true)',
    query: z.object({ arquivados: booleanQuery.optional() }),
    answer: listOf(planSchema),
  }),
  get: plans.get({ summary: 'Um plano', answer: planSchema }),
  create: plans.create({
    changes: ['plan', 'first-steps'],
    summary: 'Cadastra um plano',
    body: createPlanSchema,
  }),
  update: plans.update({
    changes: ['plan'],
    summary: 'Altera os campos enviados; { arquivado: true } arquiva o plano',
    body: updatePlanSchema,
  }),
  remove: plans.remove({
    changes: ['plan'],
    summary: 'Remove o plano; 409 has_links quando algum aluno o tem (arquive-o)',
    errors: { has_links: 409 },
  }),
};
