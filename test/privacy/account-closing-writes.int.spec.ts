import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { apiFixture } from '../support/api-fixture';
import { DATABASE, type Db } from '../../backend/src/platform/database/database.module';
import { AccountClosedError } from '../../backend/src/platform/errors/domain-error';
import type { CommandContext } from '../../backend/src/platform/event-store/command-runner';
import { StudentCommands } from '../../backend/src/students/commands/student.commands';

// Trainers and students sign up through the API: a bound for a busy machine, not a timing.
jest.setTimeout(120_000);

/** After AccountClosed nothing more is written for the tenant, by any path, and nothing waits on it. */
describe("a closed account's writes", () => {
  const t = apiFixture();

  const register = (tenantId: string, nome: string) => {
    const context: CommandContext = {
      tenantId,
      actorId: randomUUID(),
      actorRole: 'personal',
      correlationId: randomUUID(),
    };
    return t.app.get(StudentCommands).handle(context, randomUUID(), {
      type: 'RegisterStudent',
      profile: {
        nome,
        telefone: null,
        whatsapp: null,
        email: null,
        planoId: null,
        observacoes: null,
      },
    });
  };

  it('refuses in the command runner itself every write after the closing, whatever let it through', async () => {
    const trainer = await t.signUp();
    expect(await register(trainer.tenantId, 'Antes do Fim')).toMatchObject({
      id: expect.any(String),
    });
    expect((await trainer.api.post('/api/account/close', { confirm: 'ENCERRAR' })).statusCode).toBe(
      200,
    );

    await expect(register(trainer.tenantId, 'Depois do Fim')).rejects.toThrow(AccountClosedError);
  });

  it('makes a write that races the closing wait for it and then refuses it: nothing of it lands after AccountClosed', async () => {
    const trainer = await t.signUp();
    const db = t.app.get<Db>(DATABASE);
    // The closing's first step, held open on its own connection: the tenant's lock taken.
    const closing = await db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select lock_tenant_for_closing(${trainer.tenantId}::uuid)`.execute(connection);
      const racing = register(trainer.tenantId, 'Na Corrida').then(
        () => 'gravado',
        (error: unknown) => (error instanceof AccountClosedError ? 'recusado' : String(error)),
      );
      let settled = false;
      void racing.finally(() => (settled = true));
      // Until the write either lands or waits for the closing's lock (seen by PostgreSQL itself).
      let waiting = false;
      while (!settled && !waiting) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        waiting = rows[0].n > 0;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await sql`update tenants set closed_at = now() where id = ${trainer.tenantId}::uuid`.execute(
        connection,
      );
      await sql`commit`.execute(connection);
      return { waiting, outcome: await racing };
    });
    expect(closing).toEqual({ waiting: true, outcome: 'recusado' });
  });

  it("lets the worker's reactions go on past a closed account's events, and still reacts to the other accounts'", async () => {
    const inicio = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const fim = new Date(Date.parse(inicio) + 3_600_000).toISOString();
    const withSessionAhead = async () => {
      const trainer = await t.signUp();
      const student = await t.student(trainer, 'Helena Prado');
      const booked = await trainer.api.post('/api/sessions', {
        studentId: student.studentId,
        inicio,
        fim,
      });
      expect(booked.statusCode).toBe(201);
      return { trainer, student, sessionId: booked.json().id as string };
    };
    const closing = await withSessionAhead();
    const staying = await withSessionAhead();
    await t.project();
    // Both erasures wait for the worker, which cancels the erased students' sessions ahead; one
    // account closes before it gets to them.
    for (const { trainer, student } of [closing, staying])
      expect(
        (
          await trainer.api.post(`/api/students/${student.studentId}/erase`, {
            confirm: 'Helena Prado',
          })
        ).statusCode,
      ).toBe(200);
    expect(
      (await closing.trainer.api.post('/api/account/close', { confirm: 'ENCERRAR' })).statusCode,
    ).toBe(200);

    await t.project();
    const sessions = await staying.trainer.api.get(`/api/sessions?from=${inicio}&to=${fim}`);
    expect(sessions.json().items).toEqual([
      expect.objectContaining({ id: staying.sessionId, status: 'cancelada' }),
    ]);
  });
});
