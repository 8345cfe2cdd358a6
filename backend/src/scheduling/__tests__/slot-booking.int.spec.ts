import { randomUUID } from 'node:crypto';
import { apiFixture } from '../../../../test/support/api-fixture';
import { sendAgainWhileRefused } from '../../../../test/support/send-again';
import { SlotBooking, type SlotBookingActor } from '../../contracts/scheduling/ports';
import { addDays, zonedInstant, zonedParts } from '../../contracts/shared/time';
import { type Agenda, agendaOf } from './scheduling-test-kit';

const TZ = 'America/Sao_Paulo';
const today = () => zonedParts(new Date(), TZ).date;
/** `days` after today at `time` in São Paulo, as an ISO instant. */
const dayAt = (days: number, time: string) =>
  zonedInstant(addDays(today(), days), time, TZ).toISOString();

/** The SlotBooking port (the one slot engine) over the real database, under real concurrency. */
describe('SlotBooking port', () => {
  const t = apiFixture();
  let agenda: Agenda;
  let port: SlotBooking;
  let actor: SlotBookingActor;

  beforeAll(async () => {
    port = t.app.get(SlotBooking);
  });
  beforeEach(async () => {
    agenda = await agendaOf(t.app);
    actor = {
      tenantId: agenda.trainer.tenantId,
      actorId: randomUUID(),
      actorRole: 'system',
      correlationId: randomUUID(),
    };
  });

  it('lists the open slots from a day: 09:00–17:00 by default, 3 a day, none past, no names', async () => {
    const location = await agenda.location();
    const slots = await port.openSlots(actor.tenantId, location, addDays(today(), 1));
    expect(slots.length).toBe(18);
    expect(slots[0]).toEqual({ inicio: dayAt(1, '09:00'), fim: dayAt(1, '10:00') });
    expect(Object.keys(slots[0]).sort()).toEqual(['fim', 'inicio']);
    const fromToday = await port.openSlots(actor.tenantId, location, today());
    expect(fromToday.every((slot) => Date.parse(slot.inicio) >= Date.now() - 1000)).toBe(true);
  });

  it('sessions at any location take their slot with the buffer; cancelled ones give it back; vacations close days', async () => {
    const [ana, academia, parque] = [
      await agenda.student(),
      await agenda.location('Academia'),
      await agenda.location('Parque'),
    ];
    const id = await agenda.booked({
      studentId: ana,
      locationId: parque,
      inicio: dayAt(1, '10:00'),
      fim: dayAt(1, '11:00'),
    });
    const tomorrow = addDays(today(), 1);
    const starts = async () =>
      (await port.openSlots(actor.tenantId, academia, tomorrow, { maxPerDay: 10 }))
        .filter((slot) => slot.inicio < dayAt(2, '00:00'))
        .map((slot) => zonedParts(new Date(slot.inicio), TZ).time);
    expect(await starts()).toEqual(['11:15', '12:30', '13:45', '15:00']);
    expect((await agenda.change(id, { status: 'cancelada' })).statusCode).toBe(200);
    expect(await starts()).toEqual(['09:00', '10:15', '11:30', '12:45', '14:00', '15:15']);
    expect(
      (await agenda.api.post('/api/vacations', { startDate: tomorrow, endDate: tomorrow }))
        .statusCode,
    ).toBe(201);
    expect(await starts()).toEqual([]);
  });

  it('books a slot as a session agendada at the location, origin as told', async () => {
    const [ana, academia] = [await agenda.student(), await agenda.location()];
    const booked = await port.bookSlot(actor, {
      studentId: ana,
      locationId: academia,
      inicio: dayAt(1, '09:00'),
      origin: 'publico',
    });
    expect(booked).toMatchObject({ inicio: dayAt(1, '09:00'), fim: dayAt(1, '10:00') });
    const session = await agenda.session(booked.id);
    expect(session).toMatchObject({ status: 'agendada', locationId: academia, studentId: ana });
    // Gone from the slots; off-grid or unknown times are not slots.
    const slots = await port.openSlots(actor.tenantId, academia, addDays(today(), 1));
    expect(slots.map((slot) => slot.inicio)).not.toContain(dayAt(1, '09:00'));
    for (const inicio of [
      dayAt(1, '09:00'),
      dayAt(1, '09:30'),
      dayAt(30, '09:00'),
      dayAt(-1, '09:00'),
    ])
      await expect(
        port.bookSlot(actor, { studentId: ana, locationId: academia, inicio, origin: 'publico' }),
      ).rejects.toMatchObject({ statusCode: 409, code: 'slot_taken' });
    await expect(
      port.bookSlot(actor, {
        studentId: ana,
        locationId: randomUUID(),
        inicio: dayAt(2, '09:00'),
        origin: 'publico',
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('100 concurrent bookings of one slot: exactly one wins, the others get slot_taken', async () => {
    const [ana, academia] = [await agenda.student(), await agenda.location()];
    // As the API's caller would after its 503: a booking whose wait for a pooled connection ran out
    // (100 at once, on a busy machine) is sent again a little later.
    const book = () =>
      sendAgainWhileRefused(
        () =>
          port.bookSlot(actor, {
            studentId: ana,
            locationId: academia,
            inicio: dayAt(2, '10:15'),
            origin: 'publico',
          }),
        (error) => /timeout exceeded when trying to connect/.test(String(error)),
        120_000,
      );
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, book));
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ statusCode: 409, code: 'slot_taken' });
  });

  it('a booking and the trainer booking the same time at once: never both (10 rounds)', async () => {
    const [ana, bia, academia] = [
      await agenda.student('Ana'),
      await agenda.student('Bia'),
      await agenda.location(),
    ];
    for (let round = 0; round < 10; round++) {
      const day = 1 + (round % 6);
      const time = round < 6 ? '09:00' : '10:15';
      const [slot, trainer] = await Promise.allSettled([
        port.bookSlot(actor, {
          studentId: ana,
          locationId: academia,
          inicio: dayAt(day, time),
          origin: 'publico',
        }),
        // Near it, not on it: the buffer counts too.
        agenda.book({
          studentId: bia,
          inicio: dayAt(day, time),
          fim: new Date(Date.parse(dayAt(day, time)) + 70 * 60_000).toISOString(),
        }),
      ]);
      const trainerStatus = trainer.status === 'fulfilled' ? trainer.value.statusCode : 0;
      if (slot.status === 'fulfilled')
        expect({ round, trainerStatus }).toEqual({ round, trainerStatus: 409 });
      else {
        expect(slot.reason).toMatchObject({ code: 'slot_taken' });
        expect({ round, trainerStatus }).toEqual({ round, trainerStatus: 201 });
      }
    }
  });
});
