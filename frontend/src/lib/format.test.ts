import { formatCurrency, formatDate, formatDateTimeInZone, formatPt, formatTime, startOfWeekPt } from './format';

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

  it('formats an instant as dd/MM/yyyy HH:mm in America/Sao_Paulo, whatever the device zone', () => {
    expect(formatDateTimeInZone('2026-11-21T02:05:00Z')).toBe('20/11/2026 23:05');
    expect(formatDateTimeInZone('2026-01-05T15:00:00.000Z')).toBe('05/01/2026 12:00');
    expect(formatDateTimeInZone('2026-01-05T15:00:00Z', 'UTC')).toBe('05/01/2026 15:00');
  });
});
