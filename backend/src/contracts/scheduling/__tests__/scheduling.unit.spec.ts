import {
  type AvailabilityRow,
  bookSessionSchema,
  isOutsideAvailability,
  lateCancellationOf,
  MAX_OCCURRENCES,
  sessionRangeQuerySchema,
  vacationRange,
  weeklyOccurrences,
} from '../api';

const SP = 'America/Sao_Paulo';

describe('agenda rules (run under TZ=UTC and TZ=Asia/Tokyo alike)', () => {
  describe('weekly occurrences', () => {
    const first = { inicio: '2026-03-02T21:30:00.000Z', fim: '2026-03-02T22:30:00.000Z' };

    it('repeats the wall-clock time in São Paulo every 7 days, the first included', () => {
      expect(weeklyOccurrences(first, { weeks: 3 }, SP)).toEqual([
        first,
        { inicio: '2026-03-09T21:30:00.000Z', fim: '2026-03-09T22:30:00.000Z' },
        { inicio: '2026-03-16T21:30:00.000Z', fim: '2026-03-16T22:30:00.000Z' },
      ]);
    });

    it("takes 'until' as a day in São Paulo, inclusive", () => {
      // 23:30 on a Monday in São Paulo is 02:30 on Tuesday in UTC: the days are São Paulo's.
      const late = { inicio: '2026-03-03T02:30:00.000Z', fim: '2026-03-03T03:30:00.000Z' };
      const dates = (until: string) => {
        const occurrences = weeklyOccurrences(late, { until }, SP);
        if (typeof occurrences === 'string') throw new Error(occurrences);
        return occurrences.map((occurrence) => occurrence.inicio);
      };
      expect(dates('2026-03-16')).toEqual([
        '2026-03-03T02:30:00.000Z',
        '2026-03-10T02:30:00.000Z',
        '2026-03-17T02:30:00.000Z',
      ]);
      expect(dates('2026-03-15')).toHaveLength(2);
      expect(dates('2026-03-02')).toHaveLength(1);
    });

    it('keeps a session that ends after midnight ending the next day', () => {
      // Monday 23:00 to Tuesday 00:30 in São Paulo.
      const overnight = { inicio: '2026-03-03T02:00:00.000Z', fim: '2026-03-03T03:30:00.000Z' };
      expect(weeklyOccurrences(overnight, { weeks: 2 }, SP)).toEqual([
        overnight,
        { inicio: '2026-03-10T02:00:00.000Z', fim: '2026-03-10T03:30:00.000Z' },
      ]);
    });

    it('refuses an end before the first day and more than the maximum', () => {
      expect(weeklyOccurrences(first, { until: '2026-03-01' }, SP)).toBe(
        'A data final da repetição não pode ser antes do primeiro dia',
      );
      const lastAllowed = new Date(Date.UTC(2026, 2, 2 + 7 * (MAX_OCCURRENCES - 1)))
        .toISOString()
        .slice(0, 10);
      expect(weeklyOccurrences(first, { until: lastAllowed }, SP)).toHaveLength(MAX_OCCURRENCES);
      const oneMore = new Date(Date.UTC(2026, 2, 2 + 7 * MAX_OCCURRENCES))
        .toISOString()
        .slice(0, 10);
      expect(weeklyOccurrences(first, { until: oneMore }, SP)).toBe(
        `A repetição pode ter no máximo ${MAX_OCCURRENCES} ocorrências`,
      );
    });
  });

  describe('outside the availability hours', () => {
    const rows: AvailabilityRow[] = [
      { dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isBlocked: false },
      { dayOfWeek: 1, startTime: '14:00', endTime: '18:00', isBlocked: false },
      { dayOfWeek: 1, startTime: '16:00', endTime: '17:00', isBlocked: true },
    ];
    // Monday 2026-03-02 in São Paulo (UTC-3).
    const at = (start: string, end: string) =>
      isOutsideAvailability(rows, `2026-03-02T${start}:00-03:00`, `2026-03-02T${end}:00-03:00`, SP);

    it('is inside one row of its weekday, in São Paulo time', () => {
      expect(at('08:00', '09:00')).toBe(false);
      expect(at('11:00', '12:00')).toBe(false);
      expect(at('14:00', '15:30')).toBe(false);
    });

    it('is outside before, between and across rows, and where a row is blocked', () => {
      expect(at('07:30', '08:30')).toBe(true);
      expect(at('11:30', '14:30')).toBe(true);
      expect(at('16:30', '17:30')).toBe(true);
      expect(at('18:00', '19:00')).toBe(true);
      // Tuesday: no row at all that day.
      expect(
        isOutsideAvailability(rows, '2026-03-03T09:00:00-03:00', '2026-03-03T10:00:00-03:00', SP),
      ).toBe(true);
    });

    it('warns of nothing before the trainer has set any row', () => {
      expect(isOutsideAvailability([], '2026-03-02T03:00:00Z', '2026-03-02T04:00:00Z', SP)).toBe(
        false,
      );
    });
  });

  it('a cancellation is late less than the limit before the start (after it too)', () => {
    const policy = { cancelLimiteHoras: 24, taxaPercent: 30, queimaCredito: true };
    const inicio = '2026-03-02T10:00:00.000Z';
    expect(lateCancellationOf(policy, inicio, new Date('2026-03-01T10:00:00.000Z'))).toBeNull();
    expect(lateCancellationOf(policy, inicio, new Date('2026-03-01T10:00:01.000Z'))).toEqual({
      cancelLimiteHoras: 24,
      queimaCredito: true,
      taxaPercent: 30,
      burnsCredit: true,
    });
    expect(lateCancellationOf(policy, inicio, new Date('2026-03-02T11:00:00.000Z'))).not.toBeNull();
    expect(
      lateCancellationOf(
        { ...policy, cancelLimiteHoras: 0 },
        inicio,
        new Date('2026-03-02T09:59:00Z'),
      ),
    ).toBeNull();
  });

  it("blocks a vacation's days from midnight to midnight in São Paulo", () => {
    const { from, to } = vacationRange({ startDate: '2026-07-01', endDate: '2026-07-15' }, SP);
    expect([from.toISOString(), to.toISOString()]).toEqual([
      '2026-07-01T03:00:00.000Z',
      '2026-07-16T03:00:00.000Z',
    ]);
  });

  it('validates a booking and a period query', () => {
    const booking = {
      studentId: '0190f0e0-0000-7000-8000-0000000000a1',
      inicio: '2026-03-02T10:00:00-03:00',
      fim: '2026-03-02T09:00:00-03:00',
    };
    const refused = bookSessionSchema.safeParse(booking);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['fim'],
      message: 'O horário de término deve ser depois do início',
      params: { code: 'invalid_range' },
    });
    expect(
      bookSessionSchema.parse({ ...booking, fim: '2026-03-02T11:00:00-03:00', observacoes: '  ' }),
    ).toMatchObject({
      inicio: '2026-03-02T13:00:00.000Z',
      fim: '2026-03-02T14:00:00.000Z',
      observacoes: null,
    });
    expect(
      sessionRangeQuerySchema.safeParse({
        from: '2026-03-02T00:00:00Z',
        to: '2026-03-01T00:00:00Z',
      }).error?.issues[0].message,
    ).toBe('O fim do período deve ser depois do início');
    expect(
      sessionRangeQuerySchema.safeParse({
        from: '2026-01-01T00:00:00Z',
        to: '2027-06-01T00:00:00Z',
      }).error?.issues[0].message,
    ).toBe('O período deve ter no máximo 450 dias');
  });
});
