import { apiFixture } from '../../../../test/support/api-fixture';
import { type Agenda, agendaOf } from './scheduling-test-kit';

/** `date` at `time` in São Paulo. */
const at = (date: string, time: string) => `${date}T${time}:00-03:00`;
const iso = (date: string, time: string) => new Date(at(date, time)).toISOString();

describe('weekly series', () => {
  const t = apiFixture();
  let agenda: Agenda;
  let ana: string;

  beforeEach(async () => {
    agenda = await agendaOf(t.app);
    ana = await agenda.student('Ana Souza');
  });

  /** Ana from 07:00 to 08:00 on the four Mondays from 6 May 2030: the occurrences, in order. */
  const fourMondays = async () =>
    (
      await agenda.book({
        studentId: ana,
        inicio: at('2030-05-06', '07:00'),
        fim: at('2030-05-06', '08:00'),
        repeat: { weeks: 4 },
      })
    ).json().created as { id: string }[];

  it('books 6 weeks across a vacation: the vacation dates refused and listed, the others booked', async () => {
    await agenda.api.post('/api/vacations', { startDate: '2030-05-13', endDate: '2030-05-26' });
    const bia = await agenda.student('Bia Lima');
    await agenda.booked({
      studentId: bia,
      inicio: at('2030-06-03', '07:30'),
      fim: at('2030-06-03', '08:30'),
    });
    const series = await agenda.book({
      studentId: ana,
      inicio: at('2030-05-06', '07:00'),
      fim: at('2030-05-06', '08:00'),
      repeat: { weeks: 6 },
    });
    expect(series.statusCode).toBe(201);
    const blocked = { code: 'blocked_period', message: 'Período bloqueado (férias)' };
    expect(series.json()).toEqual({
      created: [
        { id: expect.any(String), inicio: iso('2030-05-06', '07:00') },
        { id: expect.any(String), inicio: iso('2030-05-27', '07:00') },
        { id: expect.any(String), inicio: iso('2030-06-10', '07:00') },
      ],
      refused: [
        { inicio: iso('2030-05-13', '07:00'), ...blocked },
        { inicio: iso('2030-05-20', '07:00'), ...blocked },
        {
          inicio: iso('2030-06-03', '07:00'),
          code: 'schedule_conflict',
          message: 'Conflito de horário com Bia Lima',
        },
      ],
      position: expect.any(Number),
    });
    const booked = await agenda.sessions(at('2030-05-01', '00:00'), at('2030-07-01', '00:00'));
    const mine = booked.filter((session) => session.studentId === ana);
    expect(mine.map((session) => session.id)).toEqual(
      series.json().created.map((created: { id: string }) => created.id),
    );
    expect(new Set(mine.map((session) => session.seriesId)).size).toBe(1);
    expect(mine[0].seriesId).toEqual(expect.any(String));
  });

  it('repeats until a day (inclusive, in São Paulo), and answers created: [] when every date is refused', async () => {
    const late = await agenda.book({
      studentId: ana,
      inicio: at('2030-05-06', '23:30'),
      fim: at('2030-05-07', '00:30'),
      repeat: { until: '2030-05-20' },
    });
    expect(late.json().created.map((created: { inicio: string }) => created.inicio)).toEqual([
      iso('2030-05-06', '23:30'),
      iso('2030-05-13', '23:30'),
      iso('2030-05-20', '23:30'),
    ]);
    const again = await agenda.book({
      studentId: ana,
      inicio: at('2030-05-06', '23:00'),
      fim: at('2030-05-07', '00:00'),
      repeat: { until: '2030-05-13' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ created: [], position: 0 });
    expect(again.json().refused).toHaveLength(2);
  });

  it("changes this and the following occurrences, each moved by the same amount ('Esta e as próximas')", async () => {
    const series = await fourMondays();
    const academia = await agenda.location('Academia');
    const bia = await agenda.student('Bia Lima');
    // Something in the way of the last one once it moves.
    await agenda.booked({
      studentId: bia,
      inicio: at('2030-05-27', '08:00'),
      fim: at('2030-05-27', '08:30'),
    });

    const changed = await agenda.change(series[1].id, {
      inicio: at('2030-05-13', '07:30'),
      fim: at('2030-05-13', '08:45'),
      locationId: academia,
      observacoes: 'Nova academia',
      scope: 'following',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: series[1].id,
      position: expect.any(Number),
      refused: [
        {
          id: series[3].id,
          inicio: iso('2030-05-27', '07:00'),
          code: 'schedule_conflict',
          message: 'Conflito de horário com Bia Lima',
        },
      ],
    });
    const sessions = (
      await agenda.sessions(at('2030-05-01', '00:00'), at('2030-06-01', '00:00'))
    ).filter((session) => session.studentId === ana);
    expect(
      sessions.map(({ inicio, fim, locationNome, observacoes }) => [
        inicio,
        fim,
        locationNome,
        observacoes,
      ]),
    ).toEqual([
      [iso('2030-05-06', '07:00'), iso('2030-05-06', '08:00'), null, null],
      [iso('2030-05-13', '07:30'), iso('2030-05-13', '08:45'), 'Academia', 'Nova academia'],
      [iso('2030-05-20', '07:30'), iso('2030-05-20', '08:45'), 'Academia', 'Nova academia'],
      [iso('2030-05-27', '07:00'), iso('2030-05-27', '08:00'), null, null],
    ]);

    // Only this one: the others stay.
    expect(
      (await agenda.change(series[2].id, { status: 'cancelada', scope: 'one' })).statusCode,
    ).toBe(200);
    const statuses = (await agenda.sessions(at('2030-05-01', '00:00'), at('2030-06-01', '00:00')))
      .filter((session) => session.studentId === ana)
      .map((session) => session.status);
    expect(statuses).toEqual(['agendada', 'agendada', 'cancelada', 'agendada']);
  });

  it('deletes this and the following occurrences', async () => {
    const series = await fourMondays();
    expect(
      (await agenda.api.delete(`/api/sessions/${series[2].id}?scope=following`)).statusCode,
    ).toBe(200);
    const left = await agenda.sessions(at('2030-05-01', '00:00'), at('2030-06-01', '00:00'));
    expect(left.map((session) => session.id)).toEqual([series[0].id, series[1].id]);
    // The freed times take new bookings.
    expect(
      (
        await agenda.book({
          studentId: ana,
          inicio: at('2030-05-20', '07:00'),
          fim: at('2030-05-20', '08:00'),
        })
      ).statusCode,
    ).toBe(201);
  });
});
