import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { apiFixture } from '../../../../test/support/api-fixture';
import { studentDecider, type StudentCommand } from '../domain/student.decider';
import { asTheAppRuns } from '../../contexts';
import { studentProjections } from '../projections';
import { project } from './students-test-kit';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-runner';
import { rebuildProjection } from '../../platform/projections/rebuild';
import { workerDatabase } from '../../../../test/support/test-databases';

/**
 * Whole tables: the worker's database also holds what other suites left (students erased, accounts
 * closed), and the rebuild must give those rows again too.
 */
async function tableRows(db: Db) {
  return {
    students: (await sql`select * from students order by id`.execute(db)).rows,
    creditLedger: (await sql`select * from credit_ledger order by position`.execute(db)).rows,
    indexes: (
      await sql`select tablename, indexname, indexdef from pg_indexes
                where schemaname = 'public' and tablename in ('students', 'credit_ledger') order by indexname`.execute(
        db,
      )
    ).rows,
  };
}

/**
 * `work` on every item, a few at a time: each command holds one of the pool's 10 connections for its
 * transaction, and 40 at once left the last ones waiting past the pool's 5 s bound on a busy machine.
 */
async function fewAtATime<T>(items: T[], work: (item: T, index: number) => Promise<unknown>) {
  const atOnce = 6;
  for (let start = 0; start < items.length; start += atOnce)
    await Promise.all(
      items.slice(start, start + atOnce).map((item, offset) => work(item, start + offset)),
    );
}

/**
 * On a pool of its own, as `npm run projections:rebuild` runs in a process of its own: sharing the
 * API's pool, its two connections would make a request wait for one past the pool's bound.
 */
async function rebuildAll(): Promise<void> {
  const db = workerDatabase('students-rebuild', 2);
  try {
    for (const projection of asTheAppRuns(studentProjections))
      await rebuildProjection(db, projection, { batchSize: 700 });
  } finally {
    await db.destroy();
  }
}

/**
 * The students' read models rebuilt from their events equal what they applied live. The runner's
 * own guarantees (gap-free reads, a killed worker, the rebuild's swap) are tested with a test-only
 * projection in platform/projections/__tests__.
 */
describe('students projections', () => {
  const t = apiFixture();
  let db: Db;

  beforeAll(async () => {
    db = t.app.get<Db>(DATABASE);
  });

  it('rebuild to rows equal to the live ones after thousands of mixed commands, while the API serves them', async () => {
    const trainer = await t.principal();
    const studentIds = Array.from({ length: 40 }, () => randomUUID());
    const context = {
      tenantId: trainer.tenantId,
      actorId: trainer.userId,
      actorRole: 'personal' as const,
      correlationId: randomUUID(),
    };
    const run = (streamId: string, command: StudentCommand) =>
      executeCommand(
        { db, now: () => new Date() },
        {
          streamId,
          decider: studentDecider,
          command,
          context,
        },
      ).catch((error: { code?: string }) => {
        if (
          !['no_credits', 'nothing_to_refund', 'session_already_charged', 'not_found'].includes(
            error.code ?? '',
          )
        )
          throw error;
      });
    await fewAtATime(studentIds, (id, index) =>
      run(id, {
        type: 'RegisterStudent',
        profile: {
          nome: `Aluno ${index}`,
          telefone: null,
          whatsapp: '11999990000',
          email: null,
          planoId: null,
          observacoes: null,
        },
      }),
    );
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 75; round++) {
      await fewAtATime(studentIds, (id) => {
        const sessionId = `0190a0b0-0000-7000-8000-${String(random(20)).padStart(12, '0')}`;
        const commands: StudentCommand[] = [
          { type: 'GrantCredits', amount: 1 + random(5), reason: 'Plano' },
          { type: 'ConsumeCredit', reason: 'Treino', sessionId },
          { type: 'ConsumeCredit', reason: 'Treino' },
          { type: 'RefundCredit', reason: 'Cancelado', sessionId },
          { type: 'BurnCredit', reason: 'Falta' },
          { type: 'UpdateStudent', changes: { observacoes: `rodada ${round}` } },
        ];
        return run(id, commands[random(commands.length)]);
      });
    }
    await run(studentIds[0], { type: 'RemoveStudent' });
    expect(
      Number((await sql<{ n: string }>`select count(*) as n from events`.execute(db)).rows[0].n),
    ).toBeGreaterThan(2_000);

    await project(t.app);
    const live = await tableRows(db);
    const api = t.app;
    const serving = Promise.all(
      Array.from({ length: 10 }, () =>
        api.inject({
          method: 'GET',
          url: '/api/students',
          headers: { authorization: `Bearer ${trainer.token}` },
        }),
      ),
    );
    await rebuildAll();
    const answers = (await serving).map((response) =>
      response.statusCode === 200 ? 200 : `${response.statusCode} ${response.body}`,
    );
    expect(answers).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await tableRows(db)).toEqual(live);
    const schemas =
      await sql`select nspname from pg_namespace where nspname like 'rebuild_%'`.execute(db);
    expect(schemas.rows).toEqual([]);
    // Thousands of commands and a rebuild: minutes on a machine running two CI runs side by side.
  }, 400_000);
});
