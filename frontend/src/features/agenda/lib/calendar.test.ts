import {
  byDay,
  fetchedRange,
  matchesSearch,
  miniMonth,
  monthCellItems,
  monthGrid,
  rangesAhead,
  shiftDate,
  taskMatchesSearch,
  tasksByDay,
  visibleRange,
} from './calendar';

// Run under TZ=UTC and TZ=Asia/Tokyo by `npm test`: every day here is cut in São Paulo (UTC-3).
describe('visibleRange', () => {
  it('a day runs from its midnight in São Paulo to the next', () => {
    expect(visibleRange('dia', '2030-05-06')).toEqual({
      days: ['2030-05-06'],
      from: '2030-05-06T03:00:00.000Z',
      to: '2030-05-07T03:00:00.000Z',
    });
  });

  it('a week runs Sunday to Saturday', () => {
    const week = visibleRange('semana', '2030-05-08');
    expect(week.days).toEqual(['2030-05-05', '2030-05-06', '2030-05-07', '2030-05-08', '2030-05-09', '2030-05-10', '2030-05-11']);
    expect(week).toMatchObject({ from: '2030-05-05T03:00:00.000Z', to: '2030-05-12T03:00:00.000Z' });
  });

  it('a month shows 42 days from the Sunday of its first week', () => {
    const month = visibleRange('mes', '2030-05-20');
    expect(month.days).toHaveLength(42);
    expect(month.days[0]).toBe('2030-04-28');
    expect(month.days[41]).toBe('2030-06-08');
    expect(month).toMatchObject({ from: '2030-04-28T03:00:00.000Z', to: '2030-06-09T03:00:00.000Z' });
  });

  it('a year runs from 1 January to 1 January, in São Paulo', () => {
    const year = visibleRange('ano', '2030-05-20');
    expect(year.days).toHaveLength(12);
    expect(year).toMatchObject({ from: '2030-01-01T03:00:00.000Z', to: '2031-01-01T03:00:00.000Z' });
  });
});

describe('shiftDate', () => {
  it('moves by a day, a week, a month or 12 months', () => {
    expect(shiftDate('dia', '2030-12-31', 1)).toBe('2031-01-01');
    expect(shiftDate('semana', '2030-05-06', -1)).toBe('2030-04-29');
    expect(shiftDate('mes', '2030-01-31', 1)).toBe('2030-02-28');
    expect(shiftDate('mes', '2030-01-15', -1)).toBe('2029-12-15');
    expect(shiftDate('ano', '2028-02-29', 1)).toBe('2029-02-28');
  });
});

describe('grids', () => {
  it('monthGrid starts on a Sunday even when the month does', () => {
    expect(monthGrid('2030-09')[0]).toBe('2030-09-01');
  });

  it('a mini-month has every day of its month, in whole weeks', () => {
    const days = miniMonth('2030-03'); // starts on a Friday, 31 days: 6 weeks
    expect(days).toHaveLength(42);
    expect(days).toContain('2030-03-31');
    expect(miniMonth('2026-02')).toHaveLength(28); // Sunday 1st, 28 days
  });
});

describe('byDay and search', () => {
  it('a session at 22:30 in São Paulo belongs to that day, though it is the next day in UTC', () => {
    const sessions = [
      { id: 'a', inicio: '2030-05-07T01:30:00.000Z', studentNome: 'Ana Souza' },
      { id: 'b', inicio: '2030-05-07T12:00:00.000Z', studentNome: 'Bia' },
    ];
    expect([...byDay(sessions).entries()].map(([day, items]) => [day, items.map((item) => item.id)])).toEqual([
      ['2030-05-06', ['a']],
      ['2030-05-07', ['b']],
    ]);
    expect(sessions.filter((session) => matchesSearch(session, '  souz')).map((session) => session.id)).toEqual(['a']);
    expect(matchesSearch({ studentNome: null }, 'x')).toBe(false);
    expect(matchesSearch({ studentNome: null }, ' ')).toBe(true);
  });
});

describe('month cells and tasks', () => {
  it('shows up to 2 sessions, then tasks, 3 items in all, then how many more', () => {
    expect(monthCellItems(['s1', 's2', 's3'], ['t1', 't2'])).toEqual({ sessions: ['s1', 's2'], tasks: ['t1'], more: 2 });
    expect(monthCellItems(['s1', 's2', 's3', 's4'], [])).toEqual({ sessions: ['s1', 's2', 's3'], tasks: [], more: 1 });
    expect(monthCellItems(['s1'], ['t1', 't2', 't3'])).toEqual({ sessions: ['s1'], tasks: ['t1', 't2'], more: 1 });
    expect(monthCellItems([], [])).toEqual({ sessions: [], tasks: [], more: 0 });
  });

  it('places tasks on their due day, timed ones first; search reads title and description', () => {
    const task = (id: string, dataVencimento: string | null, horaVencimento: string | null, descricao: string | null = null) => ({
      id,
      titulo: `Tarefa ${id}`,
      descricao,
      dataVencimento,
      horaVencimento,
      concluida: false,
    });
    const days = tasksByDay([task('a', '2030-05-06', null), task('b', '2030-05-06', '09:00'), task('c', null, null)]);
    expect([...days.entries()].map(([day, items]) => [day, items.map((item) => item.id)])).toEqual([['2030-05-06', ['b', 'a']]]);
    expect(taskMatchesSearch(task('x', null, null, 'Comprar ELÁSTICOS'), 'elásticos')).toBe(true);
    expect(taskMatchesSearch(task('x', null, null), 'tarefa X')).toBe(true);
    expect(taskMatchesSearch(task('x', null, null), 'bia')).toBe(false);
  });
});

describe('rangesAhead', () => {
  it('fetches the next and previous week and the month around a day or a week', () => {
    for (const mode of ['dia', 'semana'] as const) {
      expect(rangesAhead(mode, '2030-05-08')).toEqual([
        visibleRange('semana', '2030-05-15'),
        visibleRange('semana', '2030-05-01'),
        visibleRange('mes', '2030-05-08'),
      ]);
    }
    expect(fetchedRange('dia', '2030-05-08')).toEqual(visibleRange('semana', '2030-05-08'));
  });

  it('fetches the next and previous month grid from Mês, nothing from Ano', () => {
    expect(rangesAhead('mes', '2030-01-31')).toEqual([visibleRange('mes', '2030-02-28'), visibleRange('mes', '2029-12-31')]);
    expect(rangesAhead('ano', '2030-05-08')).toEqual([]);
  });
});
