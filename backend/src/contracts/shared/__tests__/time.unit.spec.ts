import {
  zonedDayAndTime,
  addDays,
  dayRange,
  isIsoDate,
  isIsoInstant,
  isIsoMonth,
  monthRange,
  weekRange,
  weekStart,
  zonedInstant,
  zonedParts,
} from '../time';

const SP = 'America/Sao_Paulo';

describe("time in the tenant's zone", () => {
  it('reads the calendar day of an instant in São Paulo, not in UTC', () => {
    // 02:30 UTC on the 22nd is 23:30 on the 21st in São Paulo.
    expect(zonedParts(new Date('2026-11-22T02:30:00Z'), SP)).toEqual({
      date: '2026-11-21',
      time: '23:30',
      dayOfWeek: 6,
      hour: 23,
      minute: 30,
    });
  });

  it('turns a wall-clock time in São Paulo into its instant', () => {
    expect(zonedInstant('2026-11-22', '07:00', SP).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(zonedInstant('2026-11-22', '00:00', 'Asia/Tokyo').toISOString()).toBe(
      '2026-11-21T15:00:00.000Z',
    );
  });

  it('handles a zone that changes its clock (New York, spring forward and fall back)', () => {
    expect(zonedInstant('2026-03-08', '12:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    );
    expect(zonedInstant('2026-11-01', '12:00', 'America/New_York').toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
  });

  it('cuts days, Sunday-to-Saturday weeks and months in the zone', () => {
    expect(dayRange('2026-11-22', SP)).toEqual({
      from: new Date('2026-11-22T03:00:00Z'),
      to: new Date('2026-11-23T03:00:00Z'),
    });
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2026-11-28')).toBe('2026-11-22');
    expect(weekRange('2026-11-25', SP).from).toEqual(new Date('2026-11-22T03:00:00Z'));
    expect(monthRange('2026-12', SP)).toEqual({
      from: new Date('2026-12-01T03:00:00Z'),
      to: new Date('2027-01-01T03:00:00Z'),
    });
  });

  it('does calendar arithmetic and checks dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('takes days, months and instants of 1900 to 2199 only', () => {
    for (const value of ['0000-01-01', '0100-01-01', '1899-12-31', '2200-01-01', '9999-12-31'])
      expect({ value, ok: isIsoDate(value) }).toEqual({ value, ok: false });
    expect(isIsoDate('1900-01-01') && isIsoDate('2199-12-31')).toBe(true);
    for (const value of ['0000-01', '1899-12', '2200-01', '9999-12', '2026-13', '2026-1'])
      expect({ value, ok: isIsoMonth(value) }).toEqual({ value, ok: false });
    expect(isIsoMonth('1900-01') && isIsoMonth('2199-12')).toBe(true);
    expect(isIsoInstant('9999-12-31T23:59:59.999Z')).toBe(false);
    expect(isIsoInstant('0100-01-01T00:00:00Z')).toBe(false);
    expect(isIsoInstant('2199-12-31T23:59:59-03:00')).toBe(true);
  });
});

describe('zonedDayAndTime', () => {
  it('gives the day and time zonedParts gives, across daylight-saving transitions too', () => {
    const around = [
      '2018-11-04T03:00:00Z', // São Paulo went to -02 at midnight (that day had no 00:00)
      '2019-02-17T02:00:00Z', // and back to -03 (23:00 twice)
      '2026-03-08T07:00:00Z', // New York
      '2026-11-01T06:00:00Z',
      '2026-11-22T13:00:00Z', // an ordinary day
    ];
    for (const timeZone of ['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo']) {
      for (const centre of around) {
        for (let step = -200; step <= 200; step++) {
          const instant = new Date(Date.parse(centre) + step * 7 * 60_000);
          const { date, time } = zonedParts(instant, timeZone);
          expect(zonedDayAndTime(instant.toISOString(), timeZone)).toEqual({ date, time });
        }
      }
    }
  });
});
