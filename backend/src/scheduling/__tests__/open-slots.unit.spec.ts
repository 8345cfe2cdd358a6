import type { AvailabilityRow } from '../../contracts/scheduling/api';
import { vacationRange } from '../../contracts/scheduling/api';
import { zonedInstant, zonedParts } from '../../contracts/shared/time';
import { findOpenSlot, type OpenSlotsInput, openSlots, openSlotsByDay } from '../domain/open-slots';

// America/Sao_Paulo is UTC-3 all year (no DST since 2019): 09:00 there is 12:00Z.
const TZ = 'America/Sao_Paulo';
// 2030-03-04 is a Monday.
const at = (date: string, time: string) => zonedInstant(date, time, TZ);
const iso = (date: string, time: string) => at(date, time).toISOString();
const hours = (slots: { inicio: string }[]) =>
  slots.map((slot) => zonedParts(new Date(slot.inicio), TZ).time);

function input(overrides: Partial<OpenSlotsInput> = {}): OpenSlotsInput {
  return {
    from: '2030-03-04',
    // Sunday 2030-03-03 at 20:00 in São Paulo (Monday 2030-03-04T..Z is still Sunday there).
    now: at('2030-03-03', '20:00'),
    timeZone: TZ,
    availability: [],
    taken: [],
    blocked: [],
    ...overrides,
  };
}

describe('open slots (the one slot engine)', () => {
  it('offers 09:00–17:00 every day without availability: 60-minute slots 15 minutes apart, 3 a day', () => {
    const slots = openSlots(input());
    // Days from Monday 4 to Saturday 9 (today is Sunday 3, 7 days counting today): 6 days × 3.
    expect(slots).toHaveLength(18);
    expect(slots.slice(0, 3)).toEqual([
      { inicio: '2030-03-04T12:00:00.000Z', fim: '2030-03-04T13:00:00.000Z' },
      { inicio: '2030-03-04T13:15:00.000Z', fim: '2030-03-04T14:15:00.000Z' },
      { inicio: '2030-03-04T14:30:00.000Z', fim: '2030-03-04T15:30:00.000Z' },
    ]);
    expect(slots.at(-1)?.inicio).toBe(iso('2030-03-09', '11:30'));
    const day = openSlotsByDay(input())[0];
    expect(day.date).toBe('2030-03-04');
    expect(hours(day.slots)).toEqual(['09:00', '10:15', '11:30', '12:45', '14:00', '15:15']);
  });

  it('offers at most 21 in all and nothing after the days ahead', () => {
    const early = input({ from: '2030-03-03', now: at('2030-03-03', '06:00') });
    expect(openSlots(early)).toHaveLength(21);
    expect(openSlots({ ...early, rules: { maxPerDay: 6 } })).toHaveLength(21);
    expect(openSlots({ ...early, rules: { maxPerDay: 6, maxTotal: 100 } })).toHaveLength(42);
    expect(openSlots({ ...early, rules: { daysAhead: 2 } })).toHaveLength(6);
    // Asking from a day past the horizon gives nothing; from a past day starts today.
    expect(openSlots({ ...early, from: '2030-03-10' })).toEqual([]);
    expect(openSlots({ ...early, from: '2030-01-01' })[0].inicio).toBe(iso('2030-03-03', '09:00'));
  });

  it('skips past times without moving the grid', () => {
    const slots = openSlotsByDay(input({ now: at('2030-03-04', '10:20') }));
    expect(slots[0].date).toBe('2030-03-04');
    expect(hours(slots[0].slots)).toEqual(['11:30', '12:45', '14:00', '15:15']);
    // 10:15 exactly is still offered at 10:15.
    const onTime = openSlotsByDay(input({ now: at('2030-03-04', '10:15') }));
    expect(hours(onTime[0].slots)[0]).toBe('10:15');
  });

  it('keeps the buffer around every non-cancelled session and flows around it', () => {
    const taken = [{ inicio: iso('2030-03-04', '10:00'), fim: iso('2030-03-04', '11:00') }];
    const [monday] = openSlotsByDay(input({ taken }));
    expect(hours(monday.slots)).toEqual(['11:15', '12:30', '13:45', '15:00']);
    // With no buffer the hour before is free.
    const [tight] = openSlotsByDay(input({ taken, rules: { bufferMinutes: 0 } }));
    expect(hours(tight.slots)).toEqual([
      '09:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    // A session of the evening before (any location) keeps the morning's first slot 15 minutes off.
    const late = [{ inicio: iso('2030-03-04', '08:00'), fim: iso('2030-03-04', '09:10') }];
    expect(hours(openSlotsByDay(input({ taken: late }))[0].slots)[0]).toBe('09:25');
  });

  it('offers nothing inside a vacation, whole days cut in São Paulo', () => {
    const blocked = [vacationRange({ startDate: '2030-03-05', endDate: '2030-03-06' }, TZ)];
    const days = openSlotsByDay(input({ blocked }));
    expect(days.map((day) => [day.date, day.slots.length])).toEqual([
      ['2030-03-04', 6],
      ['2030-03-05', 0],
      ['2030-03-06', 0],
      ['2030-03-07', 6],
      ['2030-03-08', 6],
      ['2030-03-09', 6],
    ]);
  });

  it('follows the availability: only its days and hours, never over a blocked row', () => {
    const availability: AvailabilityRow[] = [
      { dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isBlocked: false },
      { dayOfWeek: 1, startTime: '09:00', endTime: '10:00', isBlocked: true },
      { dayOfWeek: 3, startTime: '14:00', endTime: '16:00', isBlocked: false },
      { dayOfWeek: 3, startTime: '16:00', endTime: '18:00', isBlocked: false },
    ];
    const days = openSlotsByDay(input({ availability }));
    expect(days.map((day) => [day.date, hours(day.slots)])).toEqual([
      ['2030-03-04', ['08:00', '10:00']],
      ['2030-03-05', []],
      // Two rows that touch are one window.
      ['2030-03-06', ['14:00', '15:15', '16:30']],
      ['2030-03-07', []],
      ['2030-03-08', []],
      ['2030-03-09', []],
    ]);
  });

  it('cuts days in São Paulo: a late evening slot belongs to its São Paulo day', () => {
    const availability: AvailabilityRow[] = [
      { dayOfWeek: 0, startTime: '21:00', endTime: '23:30', isBlocked: false },
    ];
    // Sunday 2030-03-03 at 20:00 in São Paulo is already Monday 00:00 in Tokyo and 23:00Z.
    const days = openSlotsByDay(input({ from: '2030-03-03', availability }));
    expect(days[0].date).toBe('2030-03-03');
    expect(days[0].slots).toEqual([
      { inicio: '2030-03-04T00:00:00.000Z', fim: '2030-03-04T01:00:00.000Z' },
      { inicio: '2030-03-04T01:15:00.000Z', fim: '2030-03-04T02:15:00.000Z' },
    ]);
    // The next Sunday (2030-03-10) is past the 7 days.
    expect(days.map((day) => day.date)).toEqual([
      '2030-03-03',
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
    ]);
  });

  it('takes other slot lengths', () => {
    const [monday] = openSlotsByDay(input({ rules: { slotMinutes: 30, bufferMinutes: 0 } }));
    expect(monday.slots).toHaveLength(16);
    expect(openSlots(input({ rules: { slotMinutes: 0 } }))).toEqual([]);
  });

  it('finds a slot to book: any open one (caps aside), never an off-grid, taken, past or too far one', () => {
    const base = input();
    const fourth = iso('2030-03-04', '12:45');
    expect(findOpenSlot(base, fourth)).toEqual({
      inicio: fourth,
      fim: iso('2030-03-04', '13:45'),
    });
    // The same instant written with an offset.
    expect(findOpenSlot(base, '2030-03-04T09:00:00-03:00')?.inicio).toBe(
      iso('2030-03-04', '09:00'),
    );
    expect(findOpenSlot(base, iso('2030-03-04', '09:30'))).toBeUndefined();
    expect(findOpenSlot(base, 'não é data')).toBeUndefined();
    const taken = [{ inicio: iso('2030-03-04', '09:30'), fim: iso('2030-03-04', '10:30') }];
    expect(findOpenSlot({ ...base, taken }, iso('2030-03-04', '09:00'))).toBeUndefined();
    expect(
      findOpenSlot({ ...base, now: at('2030-03-04', '09:01') }, iso('2030-03-04', '09:00')),
    ).toBeUndefined();
    expect(findOpenSlot(base, iso('2030-03-10', '09:00'))).toBeUndefined();
    expect(findOpenSlot(base, iso('2030-03-09', '09:00'))).toBeDefined();
  });
});
