import type { OnboardingAnswerKey } from '@contracts/identity/api';

/** The answer keys and their order are the API's (contracts/identity ONBOARDING_ANSWER_KEYS). */
export type OnboardingKey = OnboardingAnswerKey;

export interface OnboardingQuestion {
  key: OnboardingKey;
  block: string;
  text: string;
}

/** Spec 000 §2, §4: 11 questions in 4 blocks, asked one at a time. */
export const onboardingQuestions: readonly OnboardingQuestion[] = [
  { key: 'alunos_ativos', block: 'Estrutura de atendimento', text: 'Quantos alunos ativos você atende hoje?' },
  {
    key: 'tipo_atendimento',
    block: 'Estrutura de atendimento',
    text: 'Como você atende seus alunos: presencial, online ou os dois?',
  },
  {
    key: 'ticket_medio_mensal',
    block: 'Estrutura de atendimento',
    text: 'Quanto cada aluno paga, em média, por mês? (em R$)',
  },
  {
    key: 'formas_cobranca',
    block: 'Rotina financeira',
    text: 'Quais formas de pagamento você aceita? Separe por vírgulas (ex.: pix, cartão, dinheiro).',
  },
  { key: 'emite_recibo', block: 'Rotina financeira', text: 'Você emite recibo ou nota para seus alunos? (sim ou não)' },
  {
    key: 'faturamento_mensal_medio',
    block: 'Rotina financeira',
    text: 'Qual é o seu faturamento médio por mês? (em R$)',
  },
  {
    key: 'tipo_planos',
    block: 'Gestão de agenda',
    text: 'Como são os seus planos? Por exemplo: mensal, pacote de aulas ou aula avulsa.',
  },
  { key: 'faz_desconto', block: 'Gestão de agenda', text: 'Você costuma dar desconto em algum plano? (sim ou não)' },
  {
    key: 'tem_politica_cancelamento',
    block: 'Gestão de agenda',
    text: 'Você tem uma política de cancelamento de aulas? (sim ou não)',
  },
  {
    key: 'objetivos',
    block: 'Objetivos financeiros',
    text: 'Quais são os seus principais objetivos financeiros? Separe por vírgulas.',
  },
  {
    key: 'meta_faturamento_6meses',
    block: 'Objetivos financeiros',
    text: 'Quanto você quer faturar por mês daqui a 6 meses? (em R$)',
  },
];

/** '(index + 1)/11' as a whole percentage. */
export function progressPercent(index: number, total = onboardingQuestions.length): number {
  return Math.round(((index + 1) / total) * 100);
}
