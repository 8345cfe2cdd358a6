import { asksHowMuchToSave, reserveAdvice } from '../../contracts/advisor/api';
import type { AdvisorFacts } from '../../contracts/advisor/ports';
import { daysRemaining, SUGGESTED_RESERVE_PERCENT } from '../../contracts/finance/api';
import { formatCentavos, toCentavos } from '../../contracts/shared/money';

/**
 * The advisor that needs no outside service: it answers in pt-BR from the tenant's own figures.
 * What the trainer asks is read from a few words (accents and case ignored); anything else gets the
 * month at a glance. Pure: the same facts and question give the same answer.
 */

const MONTH_NAMES = [
  'janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho',
  'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro',
];
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
const brl = (reais: number) => formatCentavos(toCentavos(reais));
const plain = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
const sessions = (count: number) => (count === 1 ? '1 sessão' : `${count} sessões`);

type Topic = 'reserve' | 'goal' | 'renew' | 'months' | 'sessions' | 'expenses' | 'overview';

const TOPICS: readonly [Topic, RegExp][] = [
  ['reserve', /\b(guard|reserv|poup|economiz|separ)/],
  ['renew', /\b(renov|credito|saldo|acaba|vencend)/],
  ['months', /\b(melhor|pior|historico|ano|meses)\b/],
  ['goal', /\b(meta|objetivo|falta|atingir|bater)/],
  ['sessions', /\b(sess|agenda|aula|atendiment|horario)/],
  ['expenses', /\b(despesa|gasto|custo|lucro)/],
  ['overview', /\b(previsto|recebido|receb|fatur|ganh|entrou|resumo|mes|como estou|situacao)/],
];

export function topicOf(question: string): Topic {
  if (asksHowMuchToSave(question)) return 'reserve';
  const text = plain(question);
  return TOPICS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'overview';
}

function overview({ summary, pending, today }: AdvisorFacts): string {
  const { previsto, recebido, aderencia, meta } = summary;
  const lines = [
    `Em ${monthName(summary.month)} você recebeu ${brl(recebido)} de ${brl(previsto)} previstos pela agenda.`,
  ];
  if (pending.sessions > 0)
    lines.push(`Ainda há ${sessions(pending.sessions)} agendadas este mês, valendo ${formatCentavos(pending.valorCentavos)}.`);
  lines.push(`Isso é ${aderencia.toLocaleString('pt-BR')}% da meta de ${brl(meta)}, com ${daysRemaining(summary.month, today)} dias pela frente.`);
  return lines.join(' ');
}

function goal({ summary, pending, today }: AdvisorFacts): string {
  const missing = Math.max(0, toCentavos(summary.meta) - toCentavos(summary.recebido));
  if (missing === 0)
    return `Meta de ${brl(summary.meta)} batida em ${monthName(summary.month)}: você já recebeu ${brl(summary.recebido)}. Parabéns!`;
  const days = daysRemaining(summary.month, today);
  const lines = [`Faltam ${formatCentavos(missing)} para a meta de ${brl(summary.meta)} (você recebeu ${brl(summary.recebido)}).`];
  if (pending.valorCentavos > 0)
    lines.push(
      pending.valorCentavos >= missing
        ? `As ${sessions(pending.sessions)} ainda agendadas valem ${formatCentavos(pending.valorCentavos)}: recebendo por elas, a meta fecha.`
        : `As ${sessions(pending.sessions)} agendadas valem ${formatCentavos(pending.valorCentavos)}; ainda faltariam ${formatCentavos(missing - pending.valorCentavos)} em novas vendas ou renovações.`,
    );
  if (days > 0) lines.push(`São cerca de ${formatCentavos(Math.ceil(missing / days))} por dia nos ${days} dias que restam.`);
  return lines.join(' ');
}

function reserve({ summary }: AdvisorFacts): string {
  const advice = reserveAdvice(toCentavos(summary.recebido));
  if (summary.recebido <= 0) return advice;
  return `${advice} É a reserva sugerida (${SUGGESTED_RESERVE_PERCENT}% do recebido); a meta de reserva do mês é ${brl(summary.metaReserva)}.`;
}

function renew({ lowBalance }: AdvisorFacts): string {
  if (lowBalance.length === 0) return 'Nenhum aluno ativo está com os créditos acabando. Bom momento para oferecer planos maiores!';
  const names = lowBalance.map(({ nome, creditos }) => `${nome} (${creditos === 1 ? '1 crédito' : `${creditos} créditos`})`);
  return `Estes alunos estão com poucos créditos e são os próximos a renovar: ${names.join(', ')}. Uma mensagem hoje evita aulas sem crédito.`;
}

function months({ series }: AdvisorFacts): string {
  const withIncome = series.filter((item) => item.recebido > 0);
  if (withIncome.length === 0) return 'Ainda não há meses com recebimentos para comparar.';
  const best = withIncome.reduce((a, b) => (b.recebido > a.recebido ? b : a));
  const worst = withIncome.reduce((a, b) => (b.recebido < a.recebido ? b : a));
  if (best === worst) return `Até agora só ${monthName(best.month)} teve recebimentos: ${brl(best.recebido)}.`;
  return `Nos últimos 12 meses, o melhor foi ${monthName(best.month)} (${brl(best.recebido)} recebidos) e o pior, ${monthName(worst.month)} (${brl(worst.recebido)}).`;
}

function upcoming({ pending, summary }: AdvisorFacts): string {
  if (pending.sessions === 0) return `Não há sessões agendadas no resto de ${monthName(summary.month)}.`;
  return `Você tem ${sessions(pending.sessions)} agendadas no resto de ${monthName(summary.month)}, que valem ${formatCentavos(pending.valorCentavos)} pelos planos dos alunos.`;
}

function expenses({ summary }: AdvisorFacts): string {
  return `Em ${monthName(summary.month)}: ${brl(summary.recebido)} recebidos, ${brl(summary.despesas)} em despesas, lucro de ${brl(summary.lucro)}.`;
}

const ANSWERS: Record<Topic, (facts: AdvisorFacts) => string> = {
  overview,
  goal,
  reserve,
  renew,
  months,
  sessions: upcoming,
  expenses,
};

export function builtInAnswer(question: string, facts: AdvisorFacts): string {
  return ANSWERS[topicOf(question)](facts);
}

/** The answer in pieces as a provider would stream it: a word (with its space) at a time. */
export const streamPieces = (answer: string): string[] => answer.match(/\S+\s*/g) ?? [answer];
