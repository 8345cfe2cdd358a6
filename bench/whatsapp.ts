/**
 * WhatsApp reminders at the Cloud API's throughput: 5,000 students of one trainer on 'Número do
 * Vira', each with a reminder due in the same minute, offered to the WhatsApp outbox as the
 * reminders' job does (WhatsAppMessages.offer), sent by two worker processes on the real BullMQ
 * queue to the loopback Cloud API (every request checked against Meta's document). The students,
 * their consent and the account are written through their deciders and projected as the worker does.
 * Budget: all 5,000 reach the loopback within 90 s at 80 messages a second, none twice.
 *
 *   npm run bench:whatsapp      (BENCH_WHATSAPP=5000 by default)
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { appConfigFrom, asTheAppRuns, CONTEXTS } from '../backend/src/contexts';
import { WhatsAppMessages } from '../backend/src/contracts/messaging/ports';
import {
  WHATSAPP_QUEUE,
  WhatsAppOutbox,
} from '../backend/src/messaging/application/whatsapp-delivery';
import {
  studentChannelsDecider,
  studentChannelsStreamId,
} from '../backend/src/messaging/domain/student-channels.decider';
import {
  whatsAppAccountDecider,
  whatsAppAccountStreamId,
} from '../backend/src/messaging/domain/whatsapp-account.decider';
import {
  TEMPLATE_LIST,
  templateCreationOf,
} from '../backend/src/messaging/domain/whatsapp-templates';
import { WhatsAppCloudClient } from '../backend/src/messaging/application/whatsapp-cloud';
import { messagingContext } from '../backend/src/messaging/messaging.context';
import { whatsAppAccountsProjection } from '../backend/src/messaging/projections/whatsapp-accounts.projection';
import { whatsAppContactsProjection } from '../backend/src/messaging/projections/whatsapp-contacts.projection';
import { createDatabase, createPool } from '../backend/src/platform/database/database';
import {
  CommandRunner,
  type CommandContext,
} from '../backend/src/platform/event-store/command-runner';
import { drainProjection } from '../backend/src/platform/projections/projection-runner';
import { JobQueues } from '../backend/src/platform/queue/queue.module';
import { closeRedis, createRedis } from '../backend/src/platform/queue/redis';
import {
  type RunningWorker,
  startWorkerProcess,
} from '../backend/src/platform/queue/worker-process';
import { studentDecider } from '../backend/src/students/domain/student.decider';
import { clearRedisPrefix } from '../infra/scripts/local-services';
import { LoopbackCloudApi } from '../test/support/whatsapp-cloud/loopback';
import { admin, BENCH_REDIS_URL, migratedDatabase } from './support/built-app';
import { runAsScript } from './support/script';

const REMINDERS = Number(process.env.BENCH_WHATSAPP ?? 5_000);
const PER_SECOND = 80;
const BUDGET_MS = 90_000;
const APP_SECRET = 'segredo-do-app-whatsapp-do-bench';

export interface WhatsAppBench {
  reminders: number;
  received: number;
  twice: number;
  elapsedMs: number;
  /** The most messages the loopback received in any one second. */
  peakPerSecond: number;
  violations: number;
  budgetMs: number;
}

export async function measureWhatsApp(): Promise<WhatsAppBench> {
  const name = `vira_bench_whatsapp_${process.pid}`;
  const url = await migratedDatabase(name);
  const prefix = `vira-bench-whatsapp-${process.pid}`;
  const cloud = await new LoopbackCloudApi({ appSecret: APP_SECRET, autoApprove: true }).start();
  const vira = cloud.account();
  const config = appConfigFrom({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: url,
    REDIS_URL: BENCH_REDIS_URL,
    REDIS_PREFIX: prefix,
    WHATSAPP_GRAPH_URL: cloud.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_PHONE_NUMBER_ID: vira.phoneNumberId,
    WHATSAPP_WABA_ID: vira.wabaId,
    WHATSAPP_ACCESS_TOKEN: vira.accessToken,
    WHATSAPP_MESSAGES_PER_SECOND: String(PER_SECOND),
  });
  const db = createDatabase(
    createPool({ connectionString: url, poolMax: 10, applicationName: 'vira-bench' }),
  );
  const redis = createRedis(BENCH_REDIS_URL, 'vira-bench-whatsapp');
  const workers: RunningWorker[] = [];
  try {
    const commands = new CommandRunner(db);
    const tenantId = randomUUID();
    const context = (): CommandContext => ({
      tenantId,
      actorId: randomUUID(),
      actorRole: 'personal',
      correlationId: randomUUID(),
    });
    // Connecting creates the templates at the WABA (the loopback approves them at once).
    const client = new WhatsAppCloudClient(cloud.url, vira.accessToken);
    const templates = [];
    for (const template of TEMPLATE_LIST) {
      const created = await client.createTemplate(vira.wabaId, templateCreationOf(template));
      templates.push({
        nome: template.nome,
        wabaId: vira.wabaId,
        templateId: created.id,
        status: 'APPROVED' as const,
      });
    }
    await commands.run({
      decider: whatsAppAccountDecider,
      streamId: whatsAppAccountStreamId(tenantId),
      context: context(),
      command: {
        type: 'ConfigureWhatsApp',
        modo: 'vira',
        phoneNumberId: null,
        wabaId: null,
        templates,
      },
    });
    const students = Array.from({ length: REMINDERS }, (_, index) => ({
      id: randomUUID(),
      whatsapp: `119${String(index).padStart(8, '0')}`,
    }));
    for (const student of students) {
      await commands.run({
        decider: studentDecider,
        streamId: student.id,
        context: context(),
        command: {
          type: 'RegisterStudent',
          profile: {
            nome: 'Aluno do Bench',
            telefone: null,
            whatsapp: student.whatsapp,
            email: null,
            planoId: null,
            observacoes: null,
          },
        },
      });
      await commands.run({
        decider: studentChannelsDecider,
        streamId: studentChannelsStreamId(student.id),
        context: context(),
        command: {
          type: 'ChooseChannels',
          studentId: student.id,
          channels: { whatsapp: true, email: true, push: false },
          consentimento: { como: 'No contrato', quando: new Date().toISOString() },
          registradoPor: tenantId,
        },
      });
    }
    const drain = { batchSize: 2_000, budgetMs: 600_000 };
    for (const projection of asTheAppRuns([whatsAppAccountsProjection, whatsAppContactsProjection]))
      await drainProjection(db, projection, drain);

    const start = () =>
      startWorkerProcess({
        config,
        logger: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
        projections: [],
        jobs: new Map([
          [WHATSAPP_QUEUE, new Map(Object.entries(messagingContext.jobs?.[WHATSAPP_QUEUE] ?? {}))],
        ]),
        jobConcurrency: new Map(Object.entries(messagingContext.jobConcurrency ?? {})),
        workerPorts: CONTEXTS.flatMap((each) => each.workerPorts ?? []),
      });
    workers.push(await start(), await start());

    const jobs = new JobQueues(config, redis);
    const outbox: WhatsAppMessages = new WhatsAppOutbox(db, jobs);
    const queuedFrom = Date.now();
    let queued = 0;
    for (const student of students)
      if (
        await outbox.offer({
          tenantId,
          studentId: student.id,
          sessionId: randomUUID(),
          cause: `reminder-${student.id}-1`,
          kind: 'lembrete',
          variables: {
            studentNome: 'Aluno do Bench',
            trainerNome: 'Personal do Bench',
            quando: 'amanhã (10/05) às 07:00',
            locationNome: null,
          },
          fallback: {
            to: 'aluno@exemplo.com',
            subject: 'Lembrete',
            text: 'Lembrete',
            html: '<p>Lembrete</p>',
          },
        })
      )
        queued += 1;
    if (queued !== REMINDERS)
      throw new Error(`só ${queued} de ${REMINDERS} lembretes foram para o WhatsApp`);
    const began = Date.now();
    if (process.env.BENCH_LOG) process.stderr.write(`enfileirados em ${began - queuedFrom} ms\n`);
    while (cloud.messages.length < REMINDERS && Date.now() - began < BUDGET_MS * 2)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const arrivals = cloud.messages.map((message) => message.at).sort((a, b) => a - b);
    const elapsedMs = (arrivals.at(-1) ?? Date.now()) - queuedFrom;
    // A moment for a message sent twice to show.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The most messages in any one second (a window sliding over the arrivals).
    let peakPerSecond = 0;
    for (let first = 0, last = 0; last < arrivals.length; last++) {
      while (arrivals[last] - arrivals[first] >= 1_000) first++;
      peakPerSecond = Math.max(peakPerSecond, last - first + 1);
    }
    const recipients = new Set(cloud.messages.map((message) => message.to));
    const sent = Number(
      (
        await sql<{
          count: string;
        }>`select count(*) from whatsapp_deliveries where wamid is not null`.execute(db)
      ).rows[0].count,
    );
    await jobs.onApplicationShutdown();
    return {
      reminders: REMINDERS,
      received: recipients.size,
      twice: cloud.messages.length - recipients.size + Math.max(0, sent - recipients.size),
      elapsedMs,
      peakPerSecond,
      violations: cloud.violations.length,
      budgetMs: BUDGET_MS,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await cloud.close();
    await clearRedisPrefix(BENCH_REDIS_URL, prefix).catch(() => undefined);
    await closeRedis(redis);
    await db.destroy();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

export function printWhatsApp(result: WhatsAppBench): void {
  const ok =
    result.received === result.reminders &&
    result.twice === 0 &&
    result.violations === 0 &&
    result.elapsedMs < result.budgetMs;
  process.stdout.write(
    `WhatsApp: ${result.received} de ${result.reminders} lembretes na Cloud API (loopback) em ${result.elapsedMs} ms, ` +
      `pico de ${result.peakPerSecond}/s (limite ${PER_SECOND}/s), ${result.twice} em dobro, ${result.violations} violações do documento da Meta ` +
      `(meta < ${result.budgetMs} ms, nenhum em dobro: ${ok ? 'ok' : 'ACIMA'})\n`,
  );
}

if (require.main === module) runAsScript(() => measureWhatsApp().then(printWhatsApp));
