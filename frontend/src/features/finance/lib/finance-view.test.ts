import { daysRemainingLabel, formatChange, progressColor, todayIn, yearOptions } from './finance-view';

describe('finance view helpers', () => {
  it('colours the goal progress as the spec says', () => {
    expect(progressColor(80)).toBe('teal');
    expect(progressColor(79.9)).toBe('yellow');
    expect(progressColor(50)).toBe('yellow');
    expect(progressColor(49.9)).toBe('red');
  });

  it('offers years from the first data to next year', () => {
    expect(yearOptions('2024-05', '2026-11', '2026-11')).toEqual([2024, 2025, 2026, 2027]);
    expect(yearOptions(null, '2026-11', '2026-11')).toEqual([2026, 2027]);
    expect(yearOptions(null, '2026-11', '2023-01')).toEqual([2023, 2024, 2025, 2026, 2027]);
  });

  it('writes changes with their sign, or nothing to compare', () => {
    expect(formatChange(12.5)).toBe('+12,5%');
    expect(formatChange(-8.3)).toBe('-8,3%');
    expect(formatChange(null)).toBeNull();
    expect(daysRemainingLabel(1)).toBe('1 dia restante');
    expect(daysRemainingLabel(12)).toBe('12 dias restantes');
  });

  it("takes today in the trainer's zone, not the device's", () => {
    // 02:30 UTC on 1 April is still 31 March in São Paulo.
    expect(todayIn('America/Sao_Paulo', new Date('2026-04-01T02:30:00Z'))).toEqual({ today: '2026-03-31', month: '2026-03' });
  });
});
