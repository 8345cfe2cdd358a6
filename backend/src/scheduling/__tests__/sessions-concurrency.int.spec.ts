import { apiFixture } from '../../../../test/support/api-fixture';
import { type Agenda, agendaOf } from './scheduling-test-kit';

/** Day `day` of March 2030 at `time` in São Paulo. */
const at = (day: number, time: string) =>
  `2030-03-${String(day).padStart(2, '0')}T${time}:00-03:00`;

/**
 * The schedule guard and the entity references under real concurrency: requests sent at once
 * through the whole HTTP stack of one API instance, into the real database.
 */
describe('sessions under concurrency', () => {
  const t = apiFixture();
  let agenda: Agenda;

  beforeEach(async () => {
    agenda = await agendaOf(t.app);
  });

  it('two overlapping bookings at once: exactly one is booked, the other refused (20 rounds)', async () => {
    const ana = await agenda.student('Ana Souza');
    const bia = await agenda.student('Bia Lima');
    for (let round = 0; round < 20; round++) {
      const day = 1 + (round % 28);
      const hour = String(6 + Math.floor(round / 28) * 2).padStart(2, '0');
      const answers = await Promise.all([
        agenda.book({ studentId: ana, inicio: at(day, `${hour}:00`), fim: at(day, `${hour}:50`) }),
        agenda.book({ studentId: bia, inicio: at(day, `${hour}:30`), fim: at(day, `${hour}:59`) }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect({ round, statuses }).toEqual({ round, statuses: [201, 409] });
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json().code).toBe('schedule_conflict');
    }
    const march = await agenda.sessions(at(1, '00:00'), at(31, '00:00'));
    expect(march).toHaveLength(20);
  });

  it('a booking and a vacation over it at the same instant: the booking sees the vacation or comes before it', async () => {
    const ana = await agenda.student();
    for (let round = 0; round < 10; round++) {
      const day = 1 + round * 2;
      const date = `2030-03-${String(day).padStart(2, '0')}`;
      const [booking, vacation] = await Promise.all([
        agenda.book({ studentId: ana, inicio: at(day, '10:00'), fim: at(day, '11:00') }),
        agenda.api.post('/api/vacations', { startDate: date, endDate: date }),
      ]);
      expect(vacation.statusCode).toBe(201);
      expect([201, 409]).toContain(booking.statusCode);
      if (booking.statusCode === 409) expect(booking.json().code).toBe('blocked_period');
      // Once both are in, the vacation holds: nothing more lands in it.
      const after = await agenda.book({
        studentId: ana,
        inicio: at(day, '15:00'),
        fim: at(day, '16:00'),
      });
      expect(after.json().code).toBe('blocked_period');
    }
  });

  it('a student removed while a session is booked for them: one of the two, never both (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const student = await agenda.student(`Aluno ${round}`);
      const [removal, booking] = await Promise.all([
        agenda.api.delete(`/api/students/${student}`),
        agenda.book({
          studentId: student,
          inicio: at(round + 1, '10:00'),
          fim: at(round + 1, '11:00'),
        }),
      ]);
      const outcome = [removal.statusCode, booking.statusCode];
      expect([
        [200, 404],
        [409, 201],
      ]).toContainEqual(outcome);
      if (booking.statusCode === 404) expect(booking.json().message).toBe('Aluno não encontrado');
      else expect(removal.json().code).toBe('has_links');
    }
  });

  it('a student or a location with sessions (cancelled ones too) is not removed; a deleted session lets go', async () => {
    const ana = await agenda.student();
    const academia = await agenda.location();
    const id = await agenda.booked({
      studentId: ana,
      locationId: academia,
      inicio: at(4, '10:00'),
      fim: at(4, '11:00'),
    });
    expect((await agenda.change(id, { status: 'cancelada' })).statusCode).toBe(200);
    const student = await agenda.api.delete(`/api/students/${ana}`);
    expect(student.json()).toMatchObject({ statusCode: 409, code: 'has_links' });
    const location = await agenda.api.delete(`/api/locations/${academia}`);
    expect(location.json()).toMatchObject({ statusCode: 409, code: 'has_links' });

    // Moved to no location: the location is free; deleted: the student too.
    expect((await agenda.change(id, { locationId: null })).statusCode).toBe(200);
    expect((await agenda.api.delete(`/api/locations/${academia}`)).statusCode).toBe(200);
    expect((await agenda.api.delete(`/api/sessions/${id}`)).statusCode).toBe(200);
    expect((await agenda.api.delete(`/api/students/${ana}`)).statusCode).toBe(200);
  });
});
