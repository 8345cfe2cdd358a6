import { z } from 'zod';
import { reaisSchema } from '../shared/money';
import { DEFAULT_TIME_ZONE } from '../shared/time';
import { isoDateField, monthField } from '../shared/time-fields';
import { fileAnswer, listOf, routes } from '../shared/routes';

/**
 * Shapes and rules of the finances (transactions, allocations, monthly summaries, goals), shared
 * by the API and the SPA. Money is integer centavos once parsed; reais with two decimals in JSON.
 */

export const TRANSACTION_TIPOS = ['receita', 'despesa'] as const;
export type TransactionTipo = (typeof TRANSACTION_TIPOS)[number];
export const TRANSACTION_TIPO_LABELS: Record<TransactionTipo, string> = {
  receita: 'Receita',
  despesa: 'Despesa',
};

export const PAYMENT_METHODS = ['pix', 'cartao_credito', 'dinheiro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'PIX',
  cartao_credito: 'Cartão de crédito',
  dinheiro: 'Dinheiro',
};

export const ALLOCATION_TIPOS = ['imposto', 'reserva', 'operacional', 'retirada'] as const;
export type AllocationTipo = (typeof ALLOCATION_TIPOS)[number];
export const ALLOCATION_TIPO_LABELS: Record<AllocationTipo, string> = {
  imposto: 'Imposto',
  reserva: 'Reserva',
  operacional: 'Operacional',
  retirada: 'Retirada',
};

export const TRANSACTION_STATUSES = ['ativa', 'estornada'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a charge or a session a transaction comes from is (referencia_tipo). */
export const REFERENCE_TYPES = ['cobranca', 'sessao'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

// --- Allocation rule -------------------------------------------------------------------------

/** Whole percentages per tipo, summing to 100. */
export type AllocationRule = Record<AllocationTipo, number>;

/** The rule when the trainer set none (spec 001 §9: reserva 20%, the rest retirada). */
export const DEFAULT_ALLOCATION_RULE: AllocationRule = {
  imposto: 0,
  reserva: 20,
  operacional: 0,
  retirada: 80,
};

export interface Allocation {
  tipo: AllocationTipo;
  valorCentavos: number;
}

/**
 * `valorCentavos` split by `rule` (percentages summing to 100) to the centavo, by largest
 * remainder: each tipo takes the floor of its share, the centavos left go one each to the largest
 * remainders (ties in ALLOCATION_TIPOS order). The parts always sum to the valor exactly; tipos
 * left with nothing are left out.
 */
export function splitAllocations(valorCentavos: number, rule: AllocationRule): Allocation[] {
  const shares = ALLOCATION_TIPOS.map((tipo, order) => {
    const exact = valorCentavos * rule[tipo];
    return { tipo, order, floor: Math.floor(exact / 100), remainder: exact % 100 };
  });
  let left = valorCentavos - shares.reduce((sum, share) => sum + share.floor, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.order - b.order);
  for (const share of byRemainder) {
    if (left <= 0) break;
    if (rule[share.tipo] === 0) continue;
    share.floor += 1;
    left -= 1;
  }
  return shares
    .filter((share) => share.floor > 0)
    .map((share) => ({ tipo: share.tipo, valorCentavos: share.floor }));
}

const percent = (label: string) =>
  z
    .number(`${label} deve ser um número entre 0 e 100`)
    .int(`${label} deve ser um número inteiro entre 0 e 100`)
    .min(0, `${label} deve ser um número entre 0 e 100`)
    .max(100, `${label} deve ser um número entre 0 e 100`);

export const ALLOCATION_RULE_MESSAGE = 'As porcentagens das alocações devem somar 100%';

export const allocationRuleSchema = z
  .strictObject({
    imposto: percent('Imposto'),
    reserva: percent('Reserva'),
    operacional: percent('Operacional'),
    retirada: percent('Retirada'),
  })
  .refine(
    (rule) => ALLOCATION_TIPOS.reduce((sum, tipo) => sum + rule[tipo], 0) === 100,
    ALLOCATION_RULE_MESSAGE,
  );

// --- Transactions ----------------------------------------------------------------------------

export const VALOR_MESSAGE = 'Valor deve ser maior que zero';
export const ALLOCATIONS_SUM_MESSAGE = 'As alocações devem somar exatamente o valor da transação';
export const DESPESA_ALLOCATIONS_MESSAGE = 'Só receitas têm alocações';

const allocationSchema = z.strictObject({
  tipo: z.enum(ALLOCATION_TIPOS, 'Tipo da alocação inválido'),
  valor: reaisSchema('Valor da alocação', { min: 0, minMessage: 'Valor da alocação deve ser zero ou mais' }),
});

export const recordTransactionSchema = z
  .strictObject({
    tipo: z.enum(TRANSACTION_TIPOS, "Tipo inválido (use 'receita' ou 'despesa')"),
    valor: reaisSchema('Valor', { minMessage: VALOR_MESSAGE }),
    data: isoDateField('Data inválida'),
    descricao: z
      .string('Descrição é obrigatória')
      .trim()
      .min(1, 'Descrição é obrigatória')
      .max(200, 'Descrição deve ter no máximo 200 caracteres'),
    // The quick form's 'cartao' is the credit card (spec 001 §3).
    metodoPagamento: z.preprocess(
      (value) => (value === 'cartao' ? 'cartao_credito' : value),
      z.enum(PAYMENT_METHODS, 'Meio de pagamento inválido (use pix, cartao_credito ou dinheiro)'),
    ),
    studentId: z.uuid('Aluno inválido').nullable().optional(),
    allocations: z
      .array(allocationSchema, 'Alocações inválidas')
      .max(ALLOCATION_TIPOS.length, 'Alocações inválidas')
      .refine(
        (items) => new Set(items.map((item) => item.tipo)).size === items.length,
        'Cada tipo de alocação aparece uma vez só',
      )
      .optional(),
  })
  .refine((input) => input.tipo === 'receita' || input.allocations === undefined, {
    message: DESPESA_ALLOCATIONS_MESSAGE,
    path: ['allocations'],
  })
  .refine(
    (input) =>
      input.allocations === undefined ||
      input.allocations.reduce((sum, item) => sum + item.valor, 0) === input.valor,
    { message: ALLOCATIONS_SUM_MESSAGE, path: ['allocations'] },
  )
  .transform((input) => ({
    tipo: input.tipo,
    valorCentavos: input.valor,
    data: input.data,
    descricao: input.descricao,
    metodoPagamento: input.metodoPagamento,
    studentId: input.studentId ?? null,
    allocations: input.allocations?.map((item) => ({
      tipo: item.tipo,
      valorCentavos: item.valor,
    })),
  }));
export type RecordTransactionInput = z.input<typeof recordTransactionSchema>;

export const monthSchema = monthField();

export const MAX_SERIES_MONTHS = 36;
export const seriesQuerySchema = z.strictObject({
  months: z.coerce
    .number('Quantidade de meses inválida')
    .int('Quantidade de meses inválida')
    .min(1, `Quantidade de meses deve ser entre 1 e ${MAX_SERIES_MONTHS}`)
    .max(MAX_SERIES_MONTHS, `Quantidade de meses deve ser entre 1 e ${MAX_SERIES_MONTHS}`)
    .default(12),
  /** The last month of the series (default: the current month in the tenant's zone). */
  until: monthSchema.optional(),
});

/** A transaction as the API answers it (reais). */
export const transactionSchema = z
  .object({
    id: z.uuid(),
    tipo: z.enum(TRANSACTION_TIPOS),
    valor: z.number(),
    data: z.iso.date(),
    descricao: z.string(),
    metodoPagamento: z.enum(PAYMENT_METHODS),
    studentId: z.uuid().nullable(),
    /** Who paid: the student's name ('Titular removido' once erased); null without a student. */
    studentNome: z.string().nullable(),
    referenciaId: z.string().nullable(),
    referenciaTipo: z.enum(REFERENCE_TYPES).nullable(),
    status: z.enum(TRANSACTION_STATUSES),
    createdAt: z.iso.datetime({ offset: true }),
    voidedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Transacao' });
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionDetailsSchema = transactionSchema
  .extend({ allocations: z.array(z.object({ tipo: z.enum(ALLOCATION_TIPOS), valor: z.number() })) })
  .meta({ id: 'TransacaoDetalhada' });
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;

export const TRANSACTION_ALREADY_VOIDED = {
  code: 'already_voided',
  message: 'Esta transação já foi estornada',
};

// --- Summaries -------------------------------------------------------------------------------

/** The monthly goal when the trainer set none (spec 001 §9). */
export const DEFAULT_MONTHLY_GOAL_CENTAVOS = 1_000_000;
/** metaReserva when the month has transactions (spec 001 §9). */
export const RESERVE_TARGET_CENTAVOS = 100_000;
/** Suggested reserve: 20% of what was received. */
export const SUGGESTED_RESERVE_PERCENT = 20;

const byAllocationTipo = z.object({
  imposto: z.number(),
  reserva: z.number(),
  operacional: z.number(),
  retirada: z.number(),
});

export const financeSummarySchema = z
  .object({
    month: z.string(),
    previsto: z.number(),
    recebido: z.number(),
    despesas: z.number(),
    lucro: z.number(),
    ticketMedio: z.number(),
    /** recebido / meta × 100, one decimal, not capped (the bar caps at 100). */
    aderencia: z.number(),
    meta: z.number(),
    reservaSugerida: z.number(),
    metaReserva: z.number(),
    allocations: byAllocationTipo,
    /** Percent change against the previous month, one decimal; null when there is nothing to compare to. */
    variacao: z.object({
      lucro: z.number().nullable(),
      ticketMedio: z.number().nullable(),
      aderencia: z.number().nullable(),
    }),
    /** How many transactions (voided ones out) the month has. */
    transacoes: z.number().int(),
  })
  .meta({ id: 'ResumoFinanceiro' });
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

/** GET /api/finance/summary: the month's summary and the first month with transactions (null when none). */
export const summaryAnswerSchema = financeSummarySchema
  .extend({ primeiroMes: z.string().nullable() })
  .meta({ id: 'ResumoDoMes' });
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>;

export const financeSeriesItemSchema = z
  .object({ month: z.string(), previsto: z.number(), recebido: z.number() })
  .meta({ id: 'MesDaSerie' });
export type FinanceSeriesItem = z.infer<typeof financeSeriesItemSchema>;

/** The money of one month, in centavos, as the summary projection keeps it. */
export interface MonthTotals {
  previstoCentavos: number;
  recebidoCentavos: number;
  despesasCentavos: number;
  /** Students who paid (a receita without a student counts as one payer). */
  pagantes: number;
  transacoes: number;
  allocations: Record<AllocationTipo, number>;
}

const percentOf = (part: number, whole: number): number => Math.round((part / whole) * 1_000) / 10;

/** A percent change with one decimal; null when the earlier figure is 0. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1_000) / 10;
}

/** The summary the API answers, from a month's totals, the previous month's and the goal. */
export function summaryOf(
  month: string,
  totals: MonthTotals,
  previous: MonthTotals,
  metaMensalCentavos: number,
): FinanceSummary {
  const meta = metaMensalCentavos > 0 ? metaMensalCentavos : DEFAULT_MONTHLY_GOAL_CENTAVOS;
  const indicators = (t: MonthTotals) => ({
    lucro: t.recebidoCentavos - t.despesasCentavos,
    ticketMedio: t.pagantes > 0 ? Math.round(t.recebidoCentavos / t.pagantes) : 0,
    aderencia: percentOf(t.recebidoCentavos, meta),
  });
  const now = indicators(totals);
  const before = indicators(previous);
  return {
    month,
    previsto: totals.previstoCentavos / 100,
    recebido: totals.recebidoCentavos / 100,
    despesas: totals.despesasCentavos / 100,
    lucro: now.lucro / 100,
    ticketMedio: now.ticketMedio / 100,
    aderencia: now.aderencia,
    meta: meta / 100,
    reservaSugerida: Math.round((totals.recebidoCentavos * SUGGESTED_RESERVE_PERCENT) / 100) / 100,
    metaReserva: totals.transacoes > 0 ? RESERVE_TARGET_CENTAVOS / 100 : 0,
    allocations: {
      imposto: totals.allocations.imposto / 100,
      reserva: totals.allocations.reserva / 100,
      operacional: totals.allocations.operacional / 100,
      retirada: totals.allocations.retirada / 100,
    },
    variacao: {
      lucro: percentChange(now.lucro, before.lucro),
      ticketMedio: percentChange(now.ticketMedio, before.ticketMedio),
      aderencia: percentChange(now.aderencia, before.aderencia),
    },
    transacoes: totals.transacoes,
  };
}

export const EMPTY_TOTALS: MonthTotals = {
  previstoCentavos: 0,
  recebidoCentavos: 0,
  despesasCentavos: 0,
  pagantes: 0,
  transacoes: 0,
  allocations: { imposto: 0, reserva: 0, operacional: 0, retirada: 0 },
};

/** 'YYYY-MM' plus `months`. */
export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Days left in `month` counting `today` ('YYYY-MM-DD'); 0 for a past month, all of them for a future one. */
export function daysRemaining(month: string, today: string): number {
  const [year, monthNumber] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const current = today.slice(0, 7);
  if (current > month) return 0;
  if (current < month) return days;
  return days - Number(today.slice(8, 10)) + 1;
}

// --- Goals (settings) ------------------------------------------------------------------------

export const CURRENCIES = ['BRL'] as const;

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
};

// A meta is feminine: 'Meta mensal muito alta'.
const goal = (label: string) =>
  reaisSchema(label, {
    min: 0,
    minMessage: `${label} deve ser zero ou mais`,
    maxMessage: `${label} muito alta`,
  });

export const goalsSchema = z
  .strictObject({
    metaMensal: goal('Meta mensal'),
    metaSeisMeses: goal('Meta em 6 meses').optional(),
    metaTrimestral: goal('Meta trimestral'),
    metaAnual: goal('Meta anual'),
    moeda: z.enum(CURRENCIES, 'Moeda inválida (use BRL)').default('BRL'),
    fusoHorario: z
      .string('Fuso horário inválido')
      .refine(isTimeZone, 'Fuso horário inválido')
      .default(DEFAULT_TIME_ZONE),
    alocacao: allocationRuleSchema.optional(),
  })
  .transform((input) => ({
    metaMensalCentavos: input.metaMensal,
    ...(input.metaSeisMeses !== undefined && { metaSeisMesesCentavos: input.metaSeisMeses }),
    metaTrimestralCentavos: input.metaTrimestral,
    metaAnualCentavos: input.metaAnual,
    moeda: input.moeda,
    fusoHorario: input.fusoHorario,
    alocacao: input.alocacao,
  }));
export type GoalsInput = z.input<typeof goalsSchema>;

/** GET /api/settings/goals (reais). */
export const goalsViewSchema = z
  .object({
    metaMensal: z.number(),
    /** How much a month in 6 months (the onboarding's answer until saved here). */
    metaSeisMeses: z.number(),
    metaTrimestral: z.number(),
    metaAnual: z.number(),
    moeda: z.enum(CURRENCIES),
    fusoHorario: z.string(),
    alocacao: z.object({
      imposto: z.number().int(),
      reserva: z.number().int(),
      operacional: z.number().int(),
      retirada: z.number().int(),
    }),
  })
  .meta({ id: 'Metas' });
export type Goals = z.infer<typeof goalsViewSchema>;

export const SETTINGS_SAVED = 'Configurações salvas';
export const SETTINGS_SAVE_FAILED = 'Não foi possível salvar as configurações.';

/** GET /api/settings/receipts */
export const receiptSettingsSchema = z.object({ emiteRecibo: z.boolean() }).meta({ id: 'Recibos' });

const monthQuery = z.strictObject({
  month: monthSchema.optional().describe('AAAA-MM (padrão: o mês atual no fuso do personal)'),
});

const trainer = routes('finance', 'personal');

export const financeApi = {
  summary: trainer.get('/finance/summary', {
    summary:
      'Resumo do mês (previsto, recebido, despesas, lucro, ticket médio, aderência, reserva, alocações, variação)',
    query: monthQuery,
    answer: summaryAnswerSchema,
  }),
  series: trainer.get('/finance/series', {
    summary: 'Previsto e recebido dos últimos meses (padrão 12), do mais antigo ao atual',
    query: seriesQuerySchema,
    answer: listOf(financeSeriesItemSchema),
  }),
  goals: trainer.get('/settings/goals', {
    summary: 'Metas (mensal, trimestral, anual), moeda, fuso horário e regra de alocação',
    answer: goalsViewSchema,
  }),
  setGoals: trainer.put('/settings/goals', {
    changes: ['finance-goals', 'finance-summary'],
    summary: 'Salva as metas; sem `alocacao`, mantém a regra atual',
    body: goalsSchema,
  }),
  transactions: trainer.get('/transactions', {
    summary: 'Transações do mês (estornadas com status "estornada"), mais recentes primeiro',
    query: monthQuery,
    answer: listOf(transactionSchema),
  }),
  transactionsCsv: trainer.get('/transactions.csv', {
    summary: 'As transações do mês em CSV (;, datas pt-BR)',
    query: monthQuery,
    answer: fileAnswer('text/csv'),
  }),
  record: trainer.post('/transactions', {
    changes: ['transaction', 'finance-summary'],
    summary:
      'Registra uma receita ou despesa; uma receita sem alocações é dividida pela regra das configurações',
    status: 201,
    body: recordTransactionSchema,
    errors: { not_found: 404 },
  }),
  transaction: trainer.get('/transactions/{id}', {
    summary: 'Uma transação com suas alocações',
    answer: transactionDetailsSchema,
  }),
  receipt: trainer.get('/transactions/{id}/receipt.pdf', {
    summary:
      'O recibo em PDF de uma receita (número sequencial do personal, valor por extenso, pagador, meio)',
    answer: fileAnswer('application/pdf'),
    errors: { not_a_receita: 409, already_voided: 409 },
  }),
  void: trainer.post('/transactions/{id}/void', {
    changes: ['transaction', 'finance-summary'],
    summary: 'Estorna a transação: fica no histórico, fora de todos os totais',
    errors: { already_voided: 409 },
  }),
  receiptSettings: trainer.get('/settings/receipts', {
    summary: 'Se o personal emite recibos (resposta emite_recibo da configuração inicial)',
    answer: receiptSettingsSchema,
    live: true,
  }),
};
