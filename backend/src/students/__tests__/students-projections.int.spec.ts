import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import { studentDecider, type StudentCommand } from '../domain/student.decider';
import { studentProjections } from '../projections';
import { newTrainer, project } from './students-test-kit';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-runner';
import type { EventMetadata } from '../../platform/event-store/event';
import { appendEvents } from '../../platform/event-store/event-store';
import { createRedis } from '../../platform/queue/redis';
import { hasReached } from '../../platform/projections/checkpoint';
import { drainProjection, readCheckpoint } from '../../platform/projections/projection-runner';
import { rebuildProjection } from '../../platform/projections/rebuild';

const metadata = (actorId: string): EventMetadata => ({
  actorId,
  actorRole: 'personal',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  commandId: randomUUID(),
});

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

async function rebuildAll(db: Db): Promise<void> {
  for (const projection of studentProjections)
    await rebuildProjection(db, projection, { batchSize: 700 });
}

async function waitUntil(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('projection runner', () => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Db>(DATABASE);
  });
  afterAll(() => t.close());

  it('never passes a transaction still open, and applies it once it commits', async () => {
    const trainer = await newTrainer(t.app);
    const [early, late] = [randomUUID(), randomUUID()];
    const register = (streamId: string) => ({
      tenantId: trainer.tenantId,
      streamType: 'student',
      streamId,
      expectedVersion: 0,
      metadata: metadata(trainer.userId),
      events: [
        {
          type: 'StudentRegistered',
          data: {
            nome: 'Aluno',
            telefone: null,
            whatsapp: null,
            email: null,
            planoId: null,
            observacoes: null,
          },
        },
        {
          type: 'CreditsGranted',
          data: { amount: 2, reason: 'Plano', transactionId: null, balanceAfter: 2 },
        },
      ],
    });

    let appended!: () => void;
    let release!: () => void;
    const appendedOpen = new Promise<void>((resolve) => (appended = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const open = db.transaction().execute(async (trx) => {
      await appendEvents(trx, register(early));
      appended();
      await gate;
    });
    await appendedOpen;
    const committed = await appendEvents(db, register(late));

    for (const projection of studentProjections)
      await drainProjection(db, projection, { batchSize: 100, budgetMs: 5_000 });
    const ledgerOf = async (studentId: string) =>
      (
        await db
          .selectFrom('creditLedger')
          .select('position')
          .where('studentId', '=', studentId)
          .execute()
      ).length;
    expect(await ledgerOf(late)).toBe(0);
    expect(await ledgerOf(early)).toBe(0);
    const checkpoint = await readCheckpoint(db, 'credit-ledger');
    expect(checkpoint.position).toBeLessThan(committed.position);

    release();
    await open;
    await project(t.app);
    expect(await ledgerOf(early)).toBe(1);
    expect(await ledgerOf(late)).toBe(1);
    const students = await db
      .selectFrom('students')
      .select(['id', 'creditos'])
      .where('id', 'in', [early, late])
      .execute();
    expect(students.map((student) => student.creditos)).toEqual([2, 2]);
  });

  it('rebuilds into fresh tables equal to the live ones after thousands of mixed events, while serving', async () => {
    const trainer = await newTrainer(t.app);
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
    await Promise.all(
      studentIds.map((id, index) =>
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
      ),
    );
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 75; round++) {
      await Promise.all(
        studentIds.map((id) => {
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
        }),
      );
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
    await rebuildAll(db);
    expect((await serving).every((response) => response.statusCode === 200)).toBe(true);
    expect(await tableRows(db)).toEqual(live);
    const schemas =
      await sql`select nspname from pg_namespace where nspname like 'rebuild_%'`.execute(db);
    expect(schemas.rows).toEqual([]);
  });

  describe('worker process', () => {
    const prefix = process.env.REDIS_PREFIX as string;
    let worker: ChildProcess | undefined;

    function startWorker(): ChildProcess {
      const root = path.resolve(__dirname, '../../../..');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'backend/src/worker.ts')],
        {
          cwd: root,
          // tsx reads the backend's tsconfig for its legacy decorators (no DI runs in the worker).
          env: {
            ...process.env,
            LOG_LEVEL: 'error',
            TSX_TSCONFIG_PATH: path.join(root, 'backend/tsconfig.json'),
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      worker = child;
      return child;
    }

    afterAll(async () => {
      if (worker && worker.exitCode === null) {
        worker.kill('SIGTERM');
        await new Promise((resolve) => worker?.once('exit', resolve));
      }
      const redis = createRedis(process.env.REDIS_URL as string, 'test-cleanup');
      for (const name of ['projections', 'maintenance']) {
        const queue = new Queue(name, { connection: redis, prefix: `${prefix}:bull` });
        await queue.obliterate({ force: true });
        await queue.close();
      }
      await redis.quit();
    });

    it('killed in the middle of a batch, restarts where its last commit left it: tables equal a rebuild', async () => {
      const tenantId = randomUUID();
      // 20 transactions of 1,000 events: 200 students with a registration and 99 grants each.
      for (let chunk = 0; chunk < 20; chunk++) {
        await sql`
          with students as (select gen_random_uuid() as id from generate_series(1, 10))
          insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata)
          select ${tenantId}::uuid, 'student', s.id, v,
                 case when v = 1 then 'StudentRegistered' else 'CreditsGranted' end,
                 case when v = 1
                   then jsonb_build_object('nome', 'Aluno', 'telefone', null, 'whatsapp', null, 'email', null, 'planoId', null, 'observacoes', null)
                   else jsonb_build_object('amount', 1, 'reason', 'Plano', 'transactionId', null, 'balanceAfter', v - 1) end,
                 ${JSON.stringify(metadata(randomUUID()))}::jsonb
          from students s cross join generate_series(1, 100) v`.execute(db);
      }
      const head = (
        await sql<{ transactionId: string; globalPosition: number }>`
          select transaction_id::text, global_position from events order by transaction_id desc, global_position desc limit 1`.execute(
          db,
        )
      ).rows[0];
      const target = { transactionId: head.transactionId, position: head.globalPosition };
      const caughtUp = async () => {
        for (const projection of studentProjections) {
          if (!hasReached(await readCheckpoint(db, projection.name), target)) return false;
        }
        return true;
      };

      const first = startWorker();
      // Kill once it has committed some batches and is inside another one.
      await waitUntil(
        async () => {
          if (first.exitCode !== null)
            throw new Error(`o worker saiu com código ${first.exitCode}`);
          const moved = (await readCheckpoint(db, 'students')).position > 0;
          const inBatch = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where application_name = 'vira-worker' and datname = current_database() and xact_start is not null`.execute(
            db,
          );
          return moved && inBatch.rows[0].n > 0;
        },
        20_000,
        'o worker no meio de um lote',
      );
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      expect(await caughtUp()).toBe(false);

      startWorker();
      await waitUntil(caughtUp, 30_000, 'o worker reiniciado alcançar o fim do log');
      const afterRestart = await tableRows(db);
      expect(afterRestart.creditLedger.length).toBeGreaterThanOrEqual(200 * 99);

      await rebuildAll(db);
      expect(await tableRows(db)).toEqual(afterRestart);
    }, 90_000);
  });
});
