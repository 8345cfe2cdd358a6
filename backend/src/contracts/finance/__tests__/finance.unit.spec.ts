import {
  addMonths,
  daysRemaining,
  DEFAULT_ALLOCATION_RULE,
  percentChange,
  recordTransactionSchema,
  splitAllocations,
} from '../api';

describe('finance rules', () => {
  it('splits by largest remainder, always summing to the valor', () => {
    expect(splitAllocations(35_000, DEFAULT_ALLOCATION_RULE)).toEqual([
      { tipo: 'reserva', valorCentavos: 7_000 },
      { tipo: 'retirada', valorCentavos: 28_000 },
    ]);
    const thirds = { imposto: 33, reserva: 33, operacional: 34, retirada: 0 };
    expect(splitAllocations(100, thirds)).toEqual([
      { tipo: 'imposto', valorCentavos: 33 },
      { tipo: 'reserva', valorCentavos: 33 },
      { tipo: 'operacional', valorCentavos: 34 },
    ]);
    for (let valor = 1; valor <= 5_000; valor += 7) {
      for (const rule of [
        DEFAULT_ALLOCATION_RULE,
        thirds,
        { imposto: 6, reserva: 24, operacional: 10, retirada: 60 },
      ]) {
        const parts = splitAllocations(valor, rule);
        expect(parts.reduce((sum, part) => sum + part.valorCentavos, 0)).toBe(valor);
      }
    }
  });

  it('reads reais into exact centavos: 0.10 + 0.20 is 0.30', () => {
    const parse = (valor: number) =>
      recordTransactionSchema.parse({
        tipo: 'receita',
        valor,
        data: '2026-03-10',
        descricao: 'x',
        metodoPagamento: 'pix',
      }).valorCentavos;
    expect(parse(0.1) + parse(0.2)).toBe(30);
    expect(parse(1234.56)).toBe(123_456);
  });

  it('counts months, days remaining and changes', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(daysRemaining('2026-02', '2026-02-27')).toBe(2);
    expect(daysRemaining('2024-02', '2024-02-01')).toBe(29);
    expect(daysRemaining('2026-01', '2026-02-27')).toBe(0);
    expect(daysRemaining('2026-03', '2026-02-27')).toBe(31);
    expect(percentChange(1200, 1000)).toBe(20);
    expect(percentChange(-50, 100)).toBe(-150);
    expect(percentChange(10, 0)).toBeNull();
  });
});
