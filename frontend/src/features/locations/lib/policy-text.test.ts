import { DEFAULT_CANCELLATION_POLICY } from '@contracts/locations/api';
import { describePolicy, hoursLabel, latenessText, percentLabel, policySummary } from './policy-text';

describe('the cancellation policy in words', () => {
  it('explains the default policy (24 h, no fee, no credit burned)', () => {
    expect(describePolicy(DEFAULT_CANCELLATION_POLICY)).toEqual([
      'O aluno pode cancelar sem custo até 24 horas antes do início da sessão.',
      'Depois desse prazo, o cancelamento também não tem taxa e o crédito volta para o saldo.',
    ]);
    expect(policySummary(DEFAULT_CANCELLATION_POLICY)).toEqual([
      ['Cancelamento sem custo', '24 horas antes'],
      ['Taxa fora do prazo', 'Sem taxa'],
      ['Crédito fora do prazo', 'Devolvido ao aluno'],
    ]);
  });

  it('says what a late cancellation costs: a fee, the credit, or both', () => {
    expect(describePolicy({ cancelLimiteHoras: 12, taxaPercent: 50, queimaCredito: false })[1]).toBe(
      'Se cancelar depois desse prazo, paga uma taxa de 50% do valor da sessão, e o crédito volta para o saldo.',
    );
    expect(describePolicy({ cancelLimiteHoras: 12, taxaPercent: 0, queimaCredito: true })[1]).toBe(
      'Se cancelar depois desse prazo, perde o crédito da sessão, sem taxa adicional.',
    );
    expect(describePolicy({ cancelLimiteHoras: 12, taxaPercent: 12.5, queimaCredito: true })[1]).toBe(
      'Se cancelar depois desse prazo, paga uma taxa de 12,5% do valor da sessão e perde o crédito da sessão.',
    );
  });

  it('reads a limit of 0 as "until the session starts", and whole days for long limits', () => {
    expect(describePolicy({ cancelLimiteHoras: 0, taxaPercent: 0, queimaCredito: false })[0]).toBe(
      'O aluno pode cancelar sem custo até o início da sessão.',
    );
    expect(policySummary({ cancelLimiteHoras: 0, taxaPercent: 10, queimaCredito: true })).toEqual([
      ['Cancelamento sem custo', 'até o início'],
      ['Taxa fora do prazo', '10%'],
      ['Crédito fora do prazo', 'Consumido'],
    ]);
    expect(hoursLabel(1)).toBe('1 hora');
    expect(hoursLabel(36)).toBe('36 horas');
    expect(hoursLabel(48)).toBe('48 horas (2 dias)');
    expect(percentLabel(7.25)).toBe('7,25%');
  });

  it('states the lateness rule of spec 001 §9', () => {
    expect(latenessText).toBe(
      'O aluno tem tolerância de até 10 minutos de atraso. Com mais de 15 minutos de atraso, a sessão pode ser cancelada.',
    );
  });
});
