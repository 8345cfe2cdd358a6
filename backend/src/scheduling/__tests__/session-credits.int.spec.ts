import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { projectToEndOfLog, processManagersOf } from '../../../../test/support/projections';
import { apiFixture } from '../../../../test/support/api-fixture';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { SessionCommands } from '../commands/session.commands';
import { type Agenda, agendaOf, hoursFromNow } from './scheduling-test-kit';

/** Day `day` of April 2030 at `time` in São Paulo. */
const at = (day: number, time: string) =>
  `2030-04-${String(day).padStart(2, '0')}T${time}:00-03:00`;

/** Credits on attendance, through the API's answers and the worker's process manager. */
describe('credits moved by sessions', () => {
  const t = apiFixture();
  let agenda: Agenda;

  beforeEach(async () => {
    agenda = await agendaOf(t.app);
  });

  const movements = async (studentId: string) =>
    (await agenda.history(studentId))
      .filter((item) => item.type !== 'CreditsGranted')
      .map(({ type, amount, balanceAfter, reason, sessionId }) => ({
        type,
        amount,
        balanceAfter,
        reason,
        sessionId,
      }));

  it('20 sessions of a student with 5 credits done at once: 5 consumed, 15 answered no_credits, balance 0', async () => {
    const ana = await agenda.student('Ana Souza', 5);
    const ids: string[] = [];
    for (let day = 1; day <= 20; day++)
      ids.push(
        await agenda.booked({ studentId: ana, inicio: at(day, '07:00'), fim: at(day, '08:00') }),
      );

    const answers = await Promise.all(ids.map((id) => agenda.change(id, { status: 'feita' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const warned = answers.filter((answer) => answer.json().warning === 'no_credits');
    const charged = answers.filter((answer) => answer.json().warning === undefined);
    expect([charged.length, warned.length]).toEqual([5, 15]);

    // The worker's process manager runs over the same events: it finds every key used.
    const eventsBefore = await t.countEvents();
    await agenda.project();
    expect(await agenda.balance(ana)).toBe(0);
    const consumed = await movements(ana);
    expect(consumed).toHaveLength(5);
    expect(consumed.every((item) => item.type === 'CreditConsumed' && item.amount === -1)).toBe(
      true,
    );
    expect(new Set(consumed.map((item) => item.sessionId))).toEqual(
      new Set(charged.map((answer) => answer.json().id)),
    );
    expect(await t.countEvents()).toBe(eventsBefore);
    const done = await agenda.sessions(at(1, '00:00'), at(21, '00:00'));
    expect(done.map((session) => session.status)).toEqual(Array(20).fill('feita'));
  });

  it('undoing refunds, doing again consumes again, deleting a done session refunds; each line names its session', async () => {
    const ana = await agenda.student('Ana Souza', 3);
    const id = await agenda.booked({ studentId: ana, inicio: at(2, '07:00'), fim: at(2, '08:00') });
    expect((await agenda.change(id, { status: 'feita' })).json()).toEqual({
      id,
      position: expect.any(Number),
    });
    expect(await agenda.balance(ana)).toBe(2);
    expect((await agenda.change(id, { status: 'agendada' })).statusCode).toBe(200);
    expect(await agenda.balance(ana)).toBe(3);
    expect((await agenda.change(id, { status: 'feita' })).statusCode).toBe(200);
    expect((await agenda.api.delete(`/api/sessions/${id}`)).statusCode).toBe(200);
    expect(await agenda.balance(ana)).toBe(3);
    const consumed = {
      type: 'CreditConsumed',
      amount: -1,
      balanceAfter: 2,
      reason: 'Sessão de 02/04/2030 07:00',
      sessionId: id,
    };
    const refunded = (reason: string) => ({
      type: 'CreditRefunded',
      amount: 1,
      balanceAfter: 3,
      reason,
      sessionId: id,
    });
    expect(await movements(ana)).toEqual([
      consumed,
      refunded('Sessão desfeita: sessão de 02/04/2030 07:00'),
      consumed,
      refunded('Sessão excluída: sessão de 02/04/2030 07:00'),
    ]);
  });

  it('a done session given to another student moves its credit', async () => {
    const ana = await agenda.student('Ana Souza', 1);
    const bia = await agenda.student('Bia Lima', 1);
    const id = await agenda.booked({ studentId: ana, inicio: at(3, '07:00'), fim: at(3, '08:00') });
    await agenda.change(id, { status: 'feita' });
    expect((await agenda.change(id, { studentId: bia })).statusCode).toBe(200);
    expect([await agenda.balance(ana), await agenda.balance(bia)]).toEqual([1, 0]);
    expect((await movements(bia)).map((item) => [item.type, item.sessionId])).toEqual([
      ['CreditConsumed', id],
    ]);
  });

  describe('cancelling', () => {
    const burning = { cancelLimiteHoras: 24, taxaPercent: 0, queimaCredito: true };

    it('late under a policy that burns credits burns 1, naming the policy and the session', async () => {
      const ana = await agenda.student('Ana Souza', 2);
      const academia = await agenda.location('Academia', burning);
      const inicio = hoursFromNow(3);
      const id = await agenda.booked({
        studentId: ana,
        locationId: academia,
        inicio,
        fim: hoursFromNow(4),
      });
      expect((await agenda.change(id, { status: 'cancelada' })).statusCode).toBe(200);
      expect(await agenda.balance(ana)).toBe(1);
      const [burned] = await movements(ana);
      expect(burned).toMatchObject({
        type: 'CreditBurned',
        amount: -1,
        balanceAfter: 1,
        sessionId: id,
      });
      expect(burned.reason).toMatch(
        /^Cancelamento com menos de 24 h de antecedência: sessão de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
      );
      // Cancelling undone gives it back.
      expect((await agenda.change(id, { status: 'agendada' })).statusCode).toBe(200);
      expect(await agenda.balance(ana)).toBe(2);
    });

    it('burns nothing when early, without queimaCredito, or without a location', async () => {
      const ana = await agenda.student('Ana Souza', 2);
      const academia = await agenda.location('Academia', burning);
      const lenient = await agenda.location('Estúdio', { ...burning, queimaCredito: false });
      const early = await agenda.booked({
        studentId: ana,
        locationId: academia,
        inicio: hoursFromNow(48),
        fim: hoursFromNow(49),
      });
      const lateLenient = await agenda.booked({
        studentId: ana,
        locationId: lenient,
        inicio: hoursFromNow(2),
        fim: hoursFromNow(3),
      });
      const nowhere = await agenda.booked({
        studentId: ana,
        inicio: hoursFromNow(5),
        fim: hoursFromNow(6),
      });
      for (const id of [early, lateLenient, nowhere])
        expect((await agenda.change(id, { status: 'cancelada' })).statusCode).toBe(200);
      expect(await agenda.balance(ana)).toBe(2);
      expect(await movements(ana)).toEqual([]);
    });

    it('judges by the policy in force now, changed a moment before', async () => {
      const ana = await agenda.student('Ana Souza', 1);
      const academia = await agenda.location('Academia');
      const id = await agenda.booked({
        studentId: ana,
        locationId: academia,
        inicio: hoursFromNow(30),
        fim: hoursFromNow(31),
      });
      await agenda.api.put(`/api/locations/${academia}/policy`, {
        ...burning,
        cancelLimiteHoras: 48,
      });
      expect((await agenda.change(id, { status: 'cancelada' })).statusCode).toBe(200);
      expect(await agenda.balance(ana)).toBe(0);
    });
  });

  it('the worker does what the API did not, once: a replay of the same batch sends nothing', async () => {
    const ana = await agenda.student('Ana Souza', 2);
    const id = await agenda.booked({ studentId: ana, inicio: at(5, '07:00'), fim: at(5, '08:00') });
    // The status committed, and the API died before settling its credit.
    await t.app.get(SessionCommands).handle(
      {
        tenantId: agenda.trainer.tenantId,
        actorId: agenda.trainer.userId,
        actorRole: 'personal',
        correlationId: randomUUID(),
      },
      id,
      { type: 'ChangeSession', changes: { status: 'feita' }, cancellation: null },
    );
    await agenda.project();
    expect(await agenda.balance(ana)).toBe(1);
    const ledger = await movements(ana);
    expect(ledger).toHaveLength(1);

    // A crash before the process manager's checkpoint moved: it reads the whole log again.
    const db = t.app.get<Db>(DATABASE);
    await sql`delete from projection_checkpoints where name = 'credits-on-attendance'`.execute(db);
    const eventsBefore = await t.countEvents();
    await projectToEndOfLog(t.app, processManagersOf(t.app));
    expect(await t.countEvents()).toBe(eventsBefore);
    expect(await movements(ana)).toEqual(ledger);
  });
});
