import { createPlanSchema, type CreatePlanInput, type Plan, valuePerCreditCentavos } from '@contracts/plans/api';
import { formatCentavos, toCentavos, toReais } from '@contracts/shared/money';
import { fieldErrors } from '../../../lib/field-errors';
import { formatReaisInput, parseReais } from '../../../lib/money-input';

/** The plan form's fields as typed. */
export interface PlanFormValues {
  nome: string;
  descricao: string;
  /** Reais typed the Brazilian way ('1.234,56'). */
  valor: string;
  /** Digits. */
  creditos: string;
  /** 'Cobrança mensal': billed every month on the due day. */
  mensal: boolean;
  /** 'Dia do vencimento', digits (1 to 28). */
  diaVencimento: string;
}

export type PlanFormErrors = Partial<Record<keyof PlanFormValues | 'cobranca', string>>;

export const emptyPlanForm: PlanFormValues = {
  nome: '',
  descricao: '',
  valor: '',
  creditos: '',
  mensal: false,
  diaVencimento: '1',
};

export function planFormValues(plan: Plan): PlanFormValues {
  return {
    nome: plan.nome,
    descricao: plan.descricao ?? '',
    valor: formatReaisInput(plan.valor),
    creditos: String(plan.creditos),
    mensal: plan.cobranca.tipo === 'mensal',
    diaVencimento: String(plan.cobranca.diaVencimento),
  };
}

/** 'Todo dia 5', what the card says of a monthly plan. */
export const dueDayLabel = (dia: number): string => `Cobrança mensal · todo dia ${dia}`;

/** Digits only, for the credits field while typing. */
export const creditDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, 4);

/** Whole credits as typed; undefined when blank. */
function parseCreditos(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed ? Number(trimmed) : undefined;
}

/**
 * The body to send, checked with the API's own rule (contracts' createPlanSchema: nome of 2+
 * characters, valor of at least 0 with centavos, whole creditos of at least 0), or the first
 * problem of each field. An empty description is sent as none.
 */
export function validatePlanForm(values: PlanFormValues): { data: CreatePlanInput } | { errors: PlanFormErrors } {
  const input = {
    nome: values.nome,
    descricao: values.descricao.trim() || null,
    valor: parseReais(values.valor),
    creditos: parseCreditos(values.creditos),
    cobranca: values.mensal
      ? { tipo: 'mensal', diaVencimento: parseCreditos(values.diaVencimento) ?? Number.NaN }
      : { tipo: 'avulso', diaVencimento: 1 },
  };
  const parsed = createPlanSchema.safeParse(input);
  if (!parsed.success) {
    const { cobranca, ...errors } = fieldErrors<keyof PlanFormValues | 'cobranca'>(parsed.error);
    return { errors: cobranca ? { ...errors, diaVencimento: cobranca } : errors };
  }
  const { nome, descricao, valorCentavos, creditos, cobranca } = parsed.data;
  return { data: { nome, descricao, valor: toReais(valorCentavos), creditos, cobranca } };
}


/** '1 plano', '3 planos'. */
export const plansCountLabel = (count: number): string => `${count} ${count === 1 ? 'plano' : 'planos'}`;

/** Reais from the API as 'R$ 1.234,56'. */
export const formatReais = (reais: number): string => formatCentavos(Math.round(reais * 100));

/**
 * What one credit costs with the values typed so far ('R$ 0,00' without credits, as the list
 * shows it), or undefined while the amount or the credits cannot be read.
 */
export function valuePerCreditPreview(values: PlanFormValues): string | undefined {
  const reais = parseReais(values.valor);
  const creditos = parseCreditos(values.creditos);
  if (reais === undefined || Number.isNaN(reais) || reais < 0 || creditos === undefined) return undefined;
  let centavos: number;
  try {
    centavos = toCentavos(reais);
  } catch {
    return undefined;
  }
  return formatCentavos(valuePerCreditCentavos(centavos, creditos));
}
