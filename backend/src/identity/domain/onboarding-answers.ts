import type { OnboardingData, OnboardingInput } from '../../contracts/identity/api';

/** The 11 raw answers of the onboarding chat, as typed (spec 000 §5). */
export type OnboardingAnswers = OnboardingInput['answers'];

/**
 * A number as Brazilians write it: '1.234,56' -> 1234.56, '5.000' -> 5000, 'R$ 350' -> 350,
 * '2.5' -> 2.5. The comma is the decimal point; a dot followed by exactly three digits groups
 * thousands, any other dot is decimal. Unparsable -> 0.
 */
export function parseBrazilianNumber(answer: string): number {
  const kept = answer.replace(/[^\d.,]/g, '');
  const lastComma = kept.lastIndexOf(',');
  const integerPart = lastComma >= 0 ? kept.slice(0, lastComma) : kept;
  const fractionPart = lastComma >= 0 ? kept.slice(lastComma + 1).replace(/[.,]/g, '') : '';
  const normalised =
    lastComma >= 0
      ? `${integerPart.replace(/[.,]/g, '')}.${fractionPart}`
      : withoutThousandsDots(integerPart);
  const value = Number.parseFloat(normalised);
  return Number.isFinite(value) ? value : 0;
}

function withoutThousandsDots(digitsAndDots: string): string {
  const groups = digitsAndDots.split('.');
  if (groups.length === 1) return digitsAndDots;
  const isThousandsGrouping = groups.slice(1).every((group) => group.length === 3);
  if (isThousandsGrouping) return groups.join('');
  // '2.5' or '1.234.5': the last dot is the decimal point, earlier dots group thousands.
  const fraction = groups.pop() as string;
  return `${groups.join('')}.${fraction}`;
}

/** Yes when the answer is 's' or contains the word 'sim' ('não sei' is no). */
export function parseYesNo(answer: string): boolean {
  const normalised = answer.trim().toLowerCase();
  return normalised === 's' || /(^|[^\p{L}])sim($|[^\p{L}])/u.test(normalised);
}

/** Comma-separated list, trimmed, lower-case, blanks dropped. */
export function parseList(answer: string): string[] {
  return answer
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.length > 0);
}

export function parseOnboardingAnswers(answers: OnboardingAnswers): OnboardingData {
  return {
    alunos_ativos: parseBrazilianNumber(answers.alunos_ativos),
    tipo_atendimento: answers.tipo_atendimento.trim(),
    ticket_medio_mensal: parseBrazilianNumber(answers.ticket_medio_mensal),
    formas_cobranca: parseList(answers.formas_cobranca),
    emite_recibo: parseYesNo(answers.emite_recibo),
    faturamento_mensal_medio: parseBrazilianNumber(answers.faturamento_mensal_medio),
    tipo_planos: answers.tipo_planos.trim(),
    faz_desconto: parseYesNo(answers.faz_desconto),
    tem_politica_cancelamento: parseYesNo(answers.tem_politica_cancelamento),
    objetivos: parseList(answers.objetivos),
    meta_faturamento_6meses: parseBrazilianNumber(answers.meta_faturamento_6meses),
  };
}
