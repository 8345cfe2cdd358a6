import type { AdvisorFacts } from '../../contracts/advisor/ports';
import { formatCentavos, toCentavos } from '../../contracts/shared/money';

const brl = (reais: number) => formatCentavos(toCentavos(reais));

/** The provider's instructions: who it is, and this tenant's figures (nothing else of the tenant leaves). */
export function systemPrompt({ today, summary, pending, series, lowBalance }: AdvisorFacts): string {
  return [
    'Você é o Consultor Financeiro do Vira, um app de gestão para personal trainers no Brasil.',
    'Responda em português do Brasil, de forma curta e prática, usando apenas os números abaixo.',
    `Hoje: ${today}. Mês: ${summary.month}.`,
    `Previsto pela agenda: ${brl(summary.previsto)}. Recebido: ${brl(summary.recebido)}. Despesas: ${brl(summary.despesas)}. Lucro: ${brl(summary.lucro)}.`,
    `Meta do mês: ${brl(summary.meta)} (aderência ${summary.aderencia}%). Reserva sugerida: ${brl(summary.reservaSugerida)}.`,
    `Sessões ainda agendadas no mês: ${pending.sessions}, valendo ${formatCentavos(pending.valorCentavos)}.`,
    `Recebido por mês (12 meses): ${series.map((item) => `${item.month} ${brl(item.recebido)}`).join('; ')}.`,
    `Alunos com poucos créditos: ${lowBalance.map((student) => `${student.nome} (${student.creditos})`).join(', ') || 'nenhum'}.`,
  ].join('\n');
}
