import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { newTrainer } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';
import { addDays, zonedParts } from '../../contracts/shared/time';

/** Monday 4 March 2030 (and later days) at `time` in São Paulo (UTC−3 all year). */
const at = (time: string, date = '2030-03-04') => `${date}T${time}:00-03:00`;
const NEXT_MONDAY = '2030-03-11';
const tomorrow = () => addDays(zonedParts(new Date(), 'America/Sao_Paulo').date, 1);

/** A phone no other booking of this run uses (a phone may book 3 times a day). */
let phones = randomInt(0, 100_000_000);
const freshPhone = () => `119${String((phones = (phones + 1) % 100_000_000)).padStart(8, '0')}`;

type Times = { inicio: string; fim: string };
/** What a path answered, as a user would tell it: the status and the code and message shown. */
type Outcome = { status: number; code?: string; message?: string };

const outcome = (response: LightMyRequestResponse): Outcome =>
  response.statusCode >= 400
    ? { status: response.statusCode, code: response.json().code, message: response.json().message }
    : { status: response.statusCode };

/**
 * Issue 25, item 3: the same rules on every path that puts a session on the agenda. Each path is
 * tried against an overlap, a vacation, a bad range and a student without credits.
 */
describe('one rule set for every booking path', () => {
  const t = apiFixture({
    RATE_LIMIT_PUBLIC_SLOTS: '100000/60',
    RATE_LIMIT_PUBLIC_BOOKINGS: '100000/60',
  });

  describe("the trainer's paths", () => {
    let trainer: Awaited<ReturnType<typeof newTrainer>>;
    let bia: string;

    beforeAll(async () => {
      trainer = await t.signUp('Carla Mendes');
      const student = async (nome: string) =>
        (await trainer.api.post('/api/students', { nome })).json().id as string;
      const ana = await student('Ana Souza');
      // Bia has no credits: the trainer books her anyway (a credit is consumed at attendance).
      bia = await student('Bia Lima');
      expect(
        (
          await trainer.api.post('/api/sessions', {
            studentId: ana,
            inicio: at('18:00'),
            fim: at('19:00'),
          })
        ).statusCode,
      ).toBe(201);
      const vacation = await trainer.api.post('/api/vacations', {
        startDate: NEXT_MONDAY,
        endDate: NEXT_MONDAY,
        description: 'Congresso',
      });
      expect(vacation.statusCode).toBe(201);
    });

    /** A session of Bia's to move (a series when told), 06:00–07:00 on a day of its own in 2031. */
    let sources = 0;
    const bookBia = async (repeat?: { weeks: number }) => {
      const day = addDays('2031-01-01', (sources += 1) * 15);
      const response = await trainer.api.post('/api/sessions', {
        studentId: bia,
        inicio: at('06:00', day),
        fim: at('07:00', day),
        repeat,
      });
      expect(response.statusCode).toBe(201);
      return (repeat ? response.json().created[0].id : response.json().id) as string;
    };
    /** A series of one week answers its refusal among `refused` (a series goes on past a refused week). */
    const onlyOccurrence = (response: LightMyRequestResponse): Outcome => {
      if (response.statusCode !== 201) return outcome(response);
      const [refused] = response.json().refused as { code: string; message: string }[];
      return refused
        ? { status: 409, code: refused.code, message: refused.message }
        : { status: 201 };
    };

    /** Each path puts Bia's session at `times` (allowOverlap as told), answering what the user sees. */
    const paths: Record<string, (times: Times, allowOverlap?: boolean) => Promise<Outcome>> = {
      'Novo agendamento': async (times, allowOverlap) =>
        outcome(
          await trainer.api.post('/api/sessions', { studentId: bia, ...times, allowOverlap }),
        ),
      'Repetir semanalmente': async (times, allowOverlap) =>
        onlyOccurrence(
          await trainer.api.post('/api/sessions', {
            studentId: bia,
            ...times,
            allowOverlap,
            repeat: { weeks: 1 },
          }),
        ),
      'Editar (Só esta)': async (times, allowOverlap) => {
        const id = await bookBia();
        return outcome(await trainer.api.patch(`/api/sessions/${id}`, { ...times, allowOverlap }));
      },
      'Editar (Esta e as próximas)': async (times, allowOverlap) => {
        const id = await bookBia({ weeks: 2 });
        return outcome(
          await trainer.api.patch(`/api/sessions/${id}`, {
            ...times,
            allowOverlap,
            scope: 'following',
          }),
        );
      },
      // The calendar's drag sends both times, and no scope for a session of no series.
      Arrastar: async (times, allowOverlap) => {
        const id = await bookBia();
        return outcome(
          await trainer.api.patch(`/api/sessions/${id}`, {
            inicio: times.inicio,
            fim: times.fim,
            allowOverlap,
          }),
        );
      },
    };

    it.each(Object.keys(paths))(
      '%s: over another session, 409 schedule_conflict naming its student; allowOverlap books it',
      async (path) => {
        await t.project();
        const before = await t.countEvents();
        const over = {
          inicio: new Date(at('18:30')).toISOString(),
          fim: new Date(at('19:30')).toISOString(),
        };
        const refused = await paths[path](over);
        expect(refused).toEqual({
          status: 409,
          code: 'schedule_conflict',
          message: 'Conflito de horário com Ana Souza',
        });
        // Only the session the path moves was written (for the edits), never the clash.
        const written = (await t.countEvents()) - before;
        expect(written).toBeLessThanOrEqual(path.startsWith('Editar (Esta') ? 3 : 1);
        expect((await paths[path](over, true)).status).toBeLessThan(300);
      },
    );

    it("a session once booked over another on purpose, edited onto another time that clashes: refused, not saved on top (the issue's 18:30–19:30 over 18:00–19:00)", async () => {
      const group = await trainer.api.post('/api/sessions', {
        studentId: bia,
        inicio: at('18:00'),
        fim: at('18:30'),
        allowOverlap: true,
      });
      expect(group.statusCode).toBe(201);
      const id = group.json().id as string;
      for (const body of [
        { inicio: at('18:30'), fim: at('19:30') },
        { inicio: at('18:30'), fim: at('19:30'), scope: 'one' },
        { fim: at('18:45') },
      ])
        expect(outcome(await trainer.api.patch(`/api/sessions/${id}`, body))).toEqual({
          status: 409,
          code: 'schedule_conflict',
          message: 'Conflito de horário com Ana Souza',
        });
      await trainer.api.delete(`/api/sessions/${id}`);
    });

    it.each(Object.keys(paths))(
      '%s: inside a vacation, 409 blocked_period, even with allowOverlap',
      async (path) => {
        const inside = {
          inicio: new Date(at('10:00', NEXT_MONDAY)).toISOString(),
          fim: new Date(at('11:00', NEXT_MONDAY)).toISOString(),
        };
        for (const allowOverlap of [false, true])
          expect(await paths[path](inside, allowOverlap)).toEqual({
            status: 409,
            code: 'blocked_period',
            message: 'Período bloqueado (férias)',
          });
      },
    );

    it.each(Object.keys(paths))(
      '%s: an end not after the start, 400 invalid_range',
      async (path) => {
        const backwards = {
          inicio: new Date(at('15:00')).toISOString(),
          fim: new Date(at('14:00')).toISOString(),
        };
        expect(await paths[path](backwards)).toEqual({
          status: 400,
          code: 'invalid_range',
          message: 'O horário de término deve ser depois do início',
        });
      },
    );

    it.each(Object.keys(paths))(
      '%s: a student without credits is booked (the credit is taken at attendance)',
      async (path) => {
        const free = {
          inicio: new Date(at('12:00', '2030-03-06')).toISOString(),
          fim: new Date(at('12:15', '2030-03-06')).toISOString(),
        };
        expect((await paths[path](free)).status).toBeLessThan(300);
        // The next path finds this time taken: free it again.
        await t.project();
        const taken = (
          await trainer.api.get(
            `/api/sessions?from=${encodeURIComponent(free.inicio)}&to=${encodeURIComponent(free.fim)}`,
          )
        ).json().items as { id: string }[];
        for (const session of taken) await trainer.api.delete(`/api/sessions/${session.id}`);
      },
    );
  });

  describe("the student's and the visitor's paths (the slot engine, then the same rules)", () => {
    async function trainerWithSlots() {
      const trainer = await t.signUp('Rita Alves');
      const slug = (await trainer.api.get('/api/me')).json().tenantSlug as string;
      const locationId = (
        await trainer.api.post('/api/locations', { nome: 'Academia Centro' })
      ).json().id as string;
      const link = (await trainer.api.get('/api/settings/public-link')).json() as object;
      expect(
        (await trainer.api.put('/api/settings/public-link', { ...link, enabled: true })).statusCode,
      ).toBe(200);
      await t.project();
      const student = await t.student(trainer, 'Caio Prado');
      const slots = (
        await student.api.get(`/api/student/slots?locationId=${locationId}&from=${tomorrow()}`)
      ).json().items as Times[];
      expect(slots.length).toBeGreaterThan(5);
      const ana = (await trainer.api.post('/api/students', { nome: 'Ana Souza' })).json()
        .id as string;
      const paths = {
        student: async (inicio: string) =>
          outcome(await student.api.post('/api/student/bookings', { locationId, inicio })),
        public: async (inicio: string) =>
          outcome(
            await t.app.inject({
              method: 'POST',
              url: `/api/public/${slug}/bookings`,
              payload: { locationId, inicio, nome: 'Visitante Teste', telefone: freshPhone() },
            }),
          ),
      };
      return { trainer, student, slots, ana, paths, locationId };
    }
    const slotTaken = {
      status: 409,
      code: 'slot_taken',
      message: 'Este horário acabou de ser reservado. Escolha outro.',
    };

    it('a time the trainer took, or inside a vacation, is refused on both (409 slot_taken); a student needs a credit, a visitor does not', async () => {
      const { trainer, student, slots, ana, paths } = await trainerWithSlots();
      await trainer.api.post(`/api/students/${student.studentId}/credits`, {
        amount: 5,
        reason: 'Plano',
      });
      // The trainer's session over the first slot.
      expect(
        (await trainer.api.post('/api/sessions', { studentId: ana, ...slots[0] })).statusCode,
      ).toBe(201);
      const lastDay = zonedParts(new Date(slots.at(-1)!.inicio), 'America/Sao_Paulo').date;
      expect(
        (await trainer.api.post('/api/vacations', { startDate: lastDay, endDate: lastDay }))
          .statusCode,
      ).toBe(201);
      await t.project();
      const before = await t.countEvents();
      for (const path of [paths.student, paths.public]) {
        expect(await path(slots[0].inicio)).toEqual(slotTaken);
        expect(await path(slots.at(-1)!.inicio)).toEqual(slotTaken);
      }
      // Nothing booked (a visitor may have been registered as a student: found by phone next time).
      const sessions = (
        await trainer.api.get(
          `/api/sessions?from=${encodeURIComponent(slots[0].inicio)}&to=${encodeURIComponent(slots.at(-1)!.fim)}`,
        )
      ).json().items;
      expect(sessions).toHaveLength(1);
      expect((await t.countEvents()) - before).toBeLessThanOrEqual(2);

      expect(await paths.student(slots[1].inicio)).toEqual({ status: 201 });
      expect(await paths.public(slots[2].inicio)).toEqual({ status: 201 });
    });

    it("a student's own booking needs a free credit (409 no_credits); the visitor's does not", async () => {
      const { slots, paths } = await trainerWithSlots();
      expect(await paths.student(slots[0].inicio)).toEqual({
        status: 409,
        code: 'no_credits',
        message: 'Aluno sem créditos disponíveis',
      });
      expect(await paths.public(slots[0].inicio)).toEqual({ status: 201 });
    });

    it('one slot tried at the same instant by a drag of the trainer, the student and a visitor: exactly one gets it (5 rounds)', async () => {
      const { trainer, student, slots, ana, paths } = await trainerWithSlots();
      await trainer.api.post(`/api/students/${student.studentId}/credits`, {
        amount: 10,
        reason: 'Plano',
      });
      for (const slot of slots.slice(0, 5)) {
        const dragged = (
          await trainer.api.post('/api/sessions', {
            studentId: ana,
            inicio: at('07:00', addDays('2030-03-01', slots.indexOf(slot))),
            fim: at('08:00', addDays('2030-03-01', slots.indexOf(slot))),
          })
        ).json().id as string;
        await t.project();
        const answers = await Promise.all([
          trainer.api.patch(`/api/sessions/${dragged}`, slot).then(outcome),
          paths.student(slot.inicio),
          paths.public(slot.inicio),
        ]);
        expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
        for (const refused of answers.filter((answer) => answer.status >= 300))
          expect(['schedule_conflict', 'slot_taken']).toContain(refused.code);
        await t.project();
        const onSlot = (
          await trainer.api.get(
            `/api/sessions?from=${encodeURIComponent(slot.inicio)}&to=${encodeURIComponent(slot.fim)}`,
          )
        ).json().items as { status: string }[];
        expect(onSlot.filter((session) => session.status !== 'cancelada')).toHaveLength(1);
      }
    });
  });
});
