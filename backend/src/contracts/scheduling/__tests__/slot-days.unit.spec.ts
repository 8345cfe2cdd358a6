import { slotDays, slotLabel } from '../slot-days';

describe('slot days', () => {
  it('groups slots by São Paulo day and labels them in Portuguese, whatever the device zone', () => {
    const days = slotDays([
      // Monday 24/11/2025 at 21:00 and 22:15 in São Paulo: already Tuesday in UTC.
      { inicio: '2025-11-25T00:00:00.000Z', fim: '2025-11-25T01:00:00.000Z' },
      { inicio: '2025-11-25T01:15:00.000Z', fim: '2025-11-25T02:15:00.000Z' },
      { inicio: '2025-11-25T12:00:00.000Z', fim: '2025-11-25T13:00:00.000Z' },
    ]);
    expect(days.map((day) => [day.date, day.label, day.slots.map((slot) => slot.time)])).toEqual([
      ['2025-11-24', 'Segunda-feira, 24/11', ['21:00', '22:15']],
      ['2025-11-25', 'Terça-feira, 25/11', ['09:00']],
    ]);
    expect(slotLabel({ inicio: '2025-11-25T12:00:00.000Z', fim: '2025-11-25T13:00:00.000Z' })).toBe(
      'Terça-feira, 25 de novembro, 09:00–10:00',
    );
  });
});
