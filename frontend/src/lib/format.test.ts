import { formatCurrency, formatDate, formatPt, formatTime, startOfWeekPt } from './format';

describe('pt-BR formatting', () => {
  it.each([
    [0, 'R$ 0,00'],
    [1234.5, 'R$ 1.234,50'],
    [-80, '-R$ 80,00'],
    [0.1 + 0.2, 'R$ 0,30'],
  ])('formats %p as %p', (value, expected) => {
    expect(formatCurrency(value).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('formats dates as dd/MM/yyyy, keeping a bare calendar day as that day', () => {
    expect(formatDate(new Date(2026, 0, 5, 23, 30))).toBe('05/01/2026');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
  });

  it('formats times as HH:mm on a 24-hour clock', () => {
    expect(formatTime(new Date(2026, 10, 21, 18, 5))).toBe('18:05');
  });

  it('writes month and weekday names in Portuguese', () => {
    expect(formatPt(new Date(2026, 10, 21), "EEEE, d 'de' MMMM")).toBe('sábado, 21 de novembro');
  });

  it('starts the week on Sunday', () => {
    const saturday = new Date(2026, 10, 21);
    expect(startOfWeekPt(saturday)).toEqual(new Date(2026, 10, 15));
    const sunday = new Date(2026, 10, 22, 10);
    expect(startOfWeekPt(sunday)).toEqual(new Date(2026, 10, 22));
  });
});
