import type { AdvisorFacts } from '../../contracts/advisor/ports';
import type { FinanceSummary } from '../../contracts/finance/api';
import { builtInAnswer, streamPieces, topicOf } from '../domain/built-in-advisor';

const summary: FinanceSummary = {
  month: '2026-11',
  previsto: 6_000,
  recebido: 4_000,
  despesas: 500,
  lucro: 3_500,
  ticketMedio: 400,
  aderencia: 40,
  meta: 10_000,
  reservaSugerida: 800,
  metaReserva: 1_000,
  allocations: { imposto: 0, reserva: 800, operacional: 0, retirada: 3_200 },
  variacao: { lucro: null, ticketMedio: null, aderencia: null },
  transacoes: 10,
};
const months = (values: number[]) =>
  values.map((recebido, index) => ({ month: `2026-${String(index + 1).padStart(2, '0')}`, previsto: 0, recebido }));
const facts: AdvisorFacts = {
  today: '2026-11-22',
  summary,
  pending: { sessions: 12, valorCentavos: 240_000 },
  series: months([0, 0, 0, 0, 0, 0, 0, 0, 3_000, 7_500, 4_000]),
  lowBalance: [
    { nome: 'Bruno Lima', creditos: 0 },
    { nome: 'Carla Dias', creditos: 1 },
  ],
};

describe('the built-in advisor', () => {
  it.each([
    ['Quanto devo guardar?', 'reserve'],
    ['Quanto falta para a meta?', 'goal'],
    ['Quem precisa renovar?', 'renew'],
    ['Qual foi meu melhor mês?', 'months'],
    ['Quantas sessões ainda tenho?', 'sessions'],
    ['E o lucro?', 'expenses'],
    ['Oi!', 'overview'],
  ])('reads %s as %s', (question, topic) => {
    expect(topicOf(question)).toBe(topic);
  });

  it('answers with the tenant’s figures in pt-BR', () => {
    expect(builtInAnswer('Quanto falta para a meta?', facts)).toBe(
      'Faltam R$\u00a06.000,00 para a meta de R$\u00a010.000,00 (você recebeu R$\u00a04.000,00). ' +
        'As 12 sessões agendadas valem R$\u00a02.400,00; ainda faltariam R$\u00a03.600,00 em novas vendas ou renovações. ' +
        'São cerca de R$\u00a0666,67 por dia nos 9 dias que restam.',
    );
    expect(builtInAnswer('Quem precisa renovar?', facts)).toContain('Bruno Lima (0 créditos), Carla Dias (1 crédito)');
    expect(builtInAnswer('Qual foi meu melhor mês?', facts)).toBe(
      'Nos últimos 12 meses, o melhor foi outubro de 2026 (R$\u00a07.500,00 recebidos) e o pior, setembro de 2026 (R$\u00a03.000,00).',
    );
    expect(builtInAnswer('Quanto devo guardar?', facts)).toContain('Sugiro guardar R$\u00a0800,00');
    expect(builtInAnswer('Oi!', facts)).toContain('Em novembro de 2026 você recebeu R$\u00a04.000,00 de R$\u00a06.000,00 previstos');
  });

  it('says so when the goal is met or nothing was received', () => {
    expect(builtInAnswer('e a meta?', { ...facts, summary: { ...summary, recebido: 12_000 } })).toContain('Meta de R$\u00a010.000,00 batida');
    expect(builtInAnswer('quanto guardar?', { ...facts, summary: { ...summary, recebido: 0 } })).toBe(
      'Ainda não há dados de recebimento este mês.',
    );
  });

  it('streams the answer in pieces that join back to it', () => {
    const answer = builtInAnswer('Oi!', facts);
    expect(streamPieces(answer).join('')).toBe(answer);
    expect(streamPieces(answer).length).toBeGreaterThan(5);
  });
});
