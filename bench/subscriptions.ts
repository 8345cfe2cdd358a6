/**
 * Monthly plans that bill themselves: 1,000 subscriptions (10 trainers with the manual PIX, 100
 * students each) whose cycle is due, issued against the real PostgreSQL as the worker does: the
 * cycles' clock tells each subscription (its decider opens the cycle), then the cycles' process
 * manager makes each charge (the plan's terms from its stream, the static BR Code, the charge's
 * command) and records it issued; then a second pass, which must issue nothing (one charge per
 * cycle).
 * Budget: the 1,000 cycles in under 10 s.
 *
 *   npm run bench:subscriptions      (BENCH_SUBSCRIPTIONS=1000 by default)
 */
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../backend/src/config/config';
import { sql } from 'kysely';
import {
  openDueCycles,
  subscriptionCycles,
} from '../backend/src/charges/process-managers/subscription-cycles';
import { subscriptionReferences } from '../backend/src/charges/commands/subscription.commands';
import { subscriptionsProjection } from '../backend/src/charges/projections/subscriptions.projection';
import {
  pixSettingsDecider,
  pixSettingsStreamId,
} from '../backend/src/charges/domain/pix-settings.decider';
import {
  subscriptionDecider,
  subscriptionIdOf,
} from '../backend/src/charges/domain/subscription.decider';
import { pixSettingsFrom } from '../backend/src/contracts/charges/pix';
import type { WorkerServices } from '../backend/src/platform/context/worker-services';
import { createDatabase, createPool } from '../backend/src/platform/database/database';
import { migrateToLatest } from '../backend/src/platform/database/migrator';
import {
  CommandRunner,
  type CommandContext,
} from '../backend/src/platform/event-store/command-runner';
import { processManagerRunner } from '../backend/src/platform/projections/process-manager';
import { drainProjection } from '../backend/src/platform/projections/projection-runner';
import { planDecider } from '../backend/src/plans/domain/plan.decider';
import { admin } from './support/built-app';
import { runAsScript } from './support/script';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = `vira_bench_subscriptions_${process.pid}`;
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1_000);
const TRAINERS = 10;
const BUDGET_MS = 10_000;

export interface SubscriptionsBench {
  subscriptions: number;
  issued: number;
  issueMs: number;
  secondRunIssued: number;
  secondRunMs: number;
  budgetMs: number;
}

export async function measureSubscriptions(): Promise<SubscriptionsBench> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE_NAME}`;
  await admin(`drop database if exists ${DATABASE_NAME} with (force)`);
  await admin(`create database ${DATABASE_NAME}`);
  const db = createDatabase(
    createPool({ connectionString: url.toString(), poolMax: 10, applicationName: 'vira-bench' }),
  );
  try {
    await migrateToLatest(db);
    const commands = new CommandRunner(db);
    const system = (tenantId: string): CommandContext => ({
      tenantId,
      actorId: 'bench',
      actorRole: 'system',
      correlationId: randomUUID(),
    });
    for (let trainer = 0; trainer < TRAINERS; trainer++) {
      const tenantId = randomUUID();
      const planId = randomUUID();
      await commands.run({
        decider: pixSettingsDecider,
        streamId: pixSettingsStreamId(tenantId),
        context: system(tenantId),
        command: {
          type: 'SetPixSettings',
          settings: pixSettingsFrom({
            chave: `bench${trainer}@exemplo.com`,
            nomeRecebedor: 'Ana Bench',
            cidade: 'Recife',
            provedor: 'manual',
          }),
        },
      });
      await commands.run({
        decider: planDecider,
        streamId: planId,
        context: system(tenantId),
        command: {
          type: 'CreatePlan',
          terms: {
            nome: 'Mensal 8',
            descricao: null,
            valorCentavos: 48_000,
            creditos: 8,
            cobranca: { tipo: 'mensal', diaVencimento: 5 },
          },
        },
      });
      const students = Array.from({ length: SUBSCRIPTIONS / TRAINERS }, () => randomUUID());
      await db
        .insertInto('entities')
        .values([
          { tenantId, kind: 'plan', id: planId },
          ...students.map((id) => ({ tenantId, kind: 'student', id })),
        ])
        .execute();
      for (const [index, studentId] of students.entries())
        await commands.run({
          decider: subscriptionDecider,
          inline: subscriptionReferences,
          streamId: subscriptionIdOf(studentId, 1),
          context: system(tenantId),
          command: {
            type: 'Subscribe',
            subscription: {
              studentId,
              studentNome: `Aluno ${index}`,
              planId,
              planNome: 'Mensal 8',
              valorCentavos: 48_000,
              diaVencimento: 5,
              inicio: '2030-01-02',
              cpf: null,
            },
          },
        });
    }
    const services = {
      db,
      commands,
      logger: pino({ level: 'warn' }),
      config: {} as AppConfig,
      // Jan 3, 12:00 in São Paulo: the Jan 5 cycle is within the days ahead.
      now: () => new Date('2030-01-03T15:00:00Z'),
    } as unknown as WorkerServices;
    const drain = { batchSize: 1_000, budgetMs: 600_000 };
    await drainProjection(db, subscriptionsProjection, drain);
    const cycles = processManagerRunner(subscriptionCycles, services);
    const issuedSoFar = async () =>
      Number(
        (
          await sql<{ count: string }>`
            select count(*) from events where event_type = 'SubscriptionCycleIssued'`.execute(db)
        ).rows[0].count,
      );
    const pass = async () => {
      await openDueCycles(services);
      await drainProjection(db, cycles, drain);
      await drainProjection(db, subscriptionsProjection, drain);
    };
    let started = performance.now();
    await pass();
    const issueMs = Math.round(performance.now() - started);
    const issued = await issuedSoFar();
    started = performance.now();
    await pass();
    const secondRunMs = Math.round(performance.now() - started);
    const secondRunIssued = (await issuedSoFar()) - issued;
    return {
      subscriptions: SUBSCRIPTIONS,
      issued,
      issueMs,
      secondRunIssued,
      secondRunMs,
      budgetMs: BUDGET_MS,
    };
  } finally {
    await db.destroy();
    await admin(`drop database if exists ${DATABASE_NAME} with (force)`);
  }
}

export function printSubscriptions(result: SubscriptionsBench): void {
  process.stdout.write(
    `Assinaturas: ${result.issued} ciclos de ${result.subscriptions} assinaturas emitidos em ${result.issueMs} ms ` +
      `(meta < ${result.budgetMs} ms: ${result.issueMs < result.budgetMs && result.issued === result.subscriptions ? 'ok' : 'ACIMA'}); ` +
      `segunda passada: ${result.secondRunIssued} em ${result.secondRunMs} ms\n`,
  );
}

if (require.main === module) runAsScript(() => measureSubscriptions().then(printSubscriptions));
