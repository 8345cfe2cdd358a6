import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type {
  FallbackEmail,
  WhatsAppMessages,
  WhatsAppReminder,
} from '../../contracts/messaging/ports';
import type { WorkerServices } from '../../platform/context/worker-services';
import type { Database } from '../../platform/database/database';
import type { CommandContext } from '../../platform/event-store/command-runner';
import type { JobQueues } from '../../platform/queue/queue.module';
import { withTimeout } from '../../platform/queue/redis';
import {
  studentChannelsDecider,
  studentChannelsStreamId,
} from '../domain/student-channels.decider';
import { whatsAppMessageDecider, whatsAppMessageIdOf } from '../domain/whatsapp-message.decider';
import {
  TEMPLATES,
  templateMessageOf,
  type WhatsAppTemplateDefinition,
} from '../domain/whatsapp-templates';
import type { MessagingConfig } from '../messaging.config';
import { CloudApiError } from './whatsapp-cloud';
import { WhatsAppCredentials } from './whatsapp-credentials';

export const WHATSAPP_QUEUE = 'whatsapp';
export const SEND_WHATSAPP = 'whatsapp.send';
export const WHATSAPP_FALLBACK = 'whatsapp.fallback';

/** One template message to one student, queued under its cause. */
export interface WhatsAppJob {
  tenantId: string;
  studentId: string;
  sessionId: string | null;
  cause: string;
  modelo: string;
  variables: string[];
  fallback: FallbackEmail;
}

/** A message WhatsApp reported failed: its e-mail goes instead (the delivery row keeps it). */
export interface WhatsAppFallbackJob {
  tenantId: string;
  cause: string;
  codigo: number | null;
}

declare module '../../platform/queue/jobs' {
  interface JobMap {
    whatsapp: { 'whatsapp.send': WhatsAppJob; 'whatsapp.fallback': WhatsAppFallbackJob };
  }
}

/** Meta busy (429, 130429) or failing: asked again, waiting longer each time. */
const RETRY = { attempts: 10, backoff: { type: 'exponential', delay: 1_000 } } as const;
const QUEUE_TIMEOUT_MS = 2_000;
/**
 * Refusals that say the number cannot receive WhatsApp: undeliverable (131026), not a WhatsApp
 * user or an invalid number (133010, 131009 on `to`, 100 on the recipient), the sender itself
 * (131021). The student's WhatsApp is marked 'não entregue'.
 */
export const UNDELIVERABLE_CODES: readonly number[] = [131026, 133010, 131021, 131009];

const systemContext = (tenantId: string): CommandContext => ({
  tenantId,
  actorId: 'whatsapp',
  actorRole: 'system',
  correlationId: uuidv7(),
});

/** The e-mail kept in a delivery row (jsonb) for when WhatsApp reports the message failed. */
const fallbackEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

const jobIdOf = (tenantId: string, cause: string) => `wa.${tenantId}.${cause}`;

/** Whether the student may get business-initiated WhatsApp, and at which number. */
async function reachableNumber(
  db: Kysely<Database>,
  tenantId: string,
  studentId: string,
): Promise<string | undefined> {
  const contact = await db
    .selectFrom('whatsappContacts')
    .select('telefone')
    .where('tenantId', '=', tenantId)
    .where('studentId', '=', studentId)
    .where('whatsapp', '=', true)
    .where('consentimentoEm', 'is not', null)
    .where('paradoEm', 'is', null)
    .where('naoEntregue', '=', false)
    .executeTakeFirst();
  return contact?.telefone ?? undefined;
}

/**
 * The WhatsApp outbox (queue 'whatsapp'): a reminder the student may get there is queued under its
 * cause (the job's id), so queuing it again while it waits adds nothing; the delivery row claimed
 * when it is sent keeps it from going twice after that (a retry, a second worker).
 */
export class WhatsAppOutbox implements WhatsAppMessages {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobQueues,
  ) {}

  async remind(reminder: WhatsAppReminder): Promise<boolean> {
    const { tenantId, studentId } = reminder;
    const template = reminder.kind === 'lembrete' ? TEMPLATES.lembrete : TEMPLATES.horarioAlterado;
    const [account, approved, number] = await Promise.all([
      this.db
        .selectFrom('whatsappAccounts')
        .select('modo')
        .where('tenantId', '=', tenantId)
        .where('modo', '<>', 'desligado')
        .executeTakeFirst(),
      this.db
        .selectFrom('whatsappTemplates')
        .select('nome')
        .where('tenantId', '=', tenantId)
        .where('nome', '=', template.nome)
        .where('status', '=', 'APPROVED')
        .executeTakeFirst(),
      reachableNumber(this.db, tenantId, studentId),
    ]);
    if (!account || !approved || !number) return false;
    const firstName = reminder.studentNome.trim().split(/\s+/)[0] ?? reminder.studentNome;
    const job: WhatsAppJob = {
      tenantId,
      studentId,
      sessionId: reminder.sessionId,
      cause: reminder.cause,
      modelo: template.nome,
      variables: [
        firstName,
        reminder.trainerNome,
        reminder.quando,
        reminder.locationNome ?? 'a combinar',
      ],
      fallback: reminder.fallback,
    };
    await withTimeout(
      this.jobs.add(WHATSAPP_QUEUE, SEND_WHATSAPP, job, {
        jobId: jobIdOf(tenantId, reminder.cause),
        ...RETRY,
      }),
      QUEUE_TIMEOUT_MS,
    );
    return true;
  }
}

/** A template message offered to one student under its cause (not a session's reminder). */
export interface WhatsAppOffer {
  tenantId: string;
  studentId: string;
  sessionId: string | null;
  cause: string;
  template: WhatsAppTemplateDefinition;
  variables: string[];
  /** The e-mail that goes if WhatsApp refuses it or reports it failed. */
  fallback: FallbackEmail;
}

/**
 * Queues `offer` on the WhatsApp outbox as `remind` queues a reminder: under its cause (the job's
 * id), when the trainer's WhatsApp is on, the template approved and the student may get it there
 * (consent, no 'PARAR', not 'não entregue'). Answers whether it did.
 */
export async function offerWhatsApp(
  db: Kysely<Database>,
  jobs: JobQueues,
  offer: WhatsAppOffer,
): Promise<boolean> {
  const { tenantId, studentId, template } = offer;
  const [account, approved, number] = await Promise.all([
    db
      .selectFrom('whatsappAccounts')
      .select('modo')
      .where('tenantId', '=', tenantId)
      .where('modo', '<>', 'desligado')
      .executeTakeFirst(),
    db
      .selectFrom('whatsappTemplates')
      .select('nome')
      .where('tenantId', '=', tenantId)
      .where('nome', '=', template.nome)
      .where('status', '=', 'APPROVED')
      .executeTakeFirst(),
    reachableNumber(db, tenantId, studentId),
  ]);
  if (!account || !approved || !number) return false;
  const job: WhatsAppJob = {
    tenantId,
    studentId,
    sessionId: offer.sessionId,
    cause: offer.cause,
    modelo: template.nome,
    variables: offer.variables,
    fallback: offer.fallback,
  };
  await withTimeout(
    jobs.add(WHATSAPP_QUEUE, SEND_WHATSAPP, job, {
      jobId: jobIdOf(tenantId, offer.cause),
      ...RETRY,
    }),
    QUEUE_TIMEOUT_MS,
  );
  return true;
}

/**
 * Reserves the next send time of a number (Redis, shared by every worker): one every
 * 1000/limit ms after the last one reserved, or now when the number has been idle.
 */
const RESERVE_SLOT = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local slot = tonumber(redis.call('GET', KEYS[1]) or '0')
if slot < now then slot = now end
redis.call('SET', KEYS[1], tostring(slot + interval), 'PX', 60000)
return tostring(slot)`;

/**
 * Waits for the number's next place in its throughput (WHATSAPP_MESSAGES_PER_SECOND, the Cloud
 * API's 80 a second by default): sends of one number are spaced evenly across every worker, so no
 * second holds more than the limit.
 */
async function throttle(services: WorkerServices, phoneNumberId: string): Promise<void> {
  const limit = (services.config as MessagingConfig).WHATSAPP_MESSAGES_PER_SECOND;
  const key = `${services.config.REDIS_PREFIX}:whatsapp:rate:${phoneNumberId}`;
  const slot = Number(
    await services.redis.eval(RESERVE_SLOT, 1, key, String(Date.now()), String(1_000 / limit)),
  );
  const wait = slot - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

type Outcome =
  | { kind: 'sent'; wamid: string }
  | { kind: 'already' }
  | { kind: 'fell back'; codigo: number | null; undeliverable: boolean };

/**
 * Sends a WhatsApp job. The delivery is claimed in the transaction that sends, so a send that
 * fails (Meta busy: 429/130429, 5xx, no answer) claims nothing and its retry, later, sends again,
 * and a second worker on the same job waits for the first and then finds it sent. A refusal that
 * says the number cannot receive marks it 'não entregue'; any refusal sends the e-mail instead, in
 * the same claim. A student who stopped WhatsApp since it was queued ('PARAR') gets the e-mail.
 */
export async function sendWhatsApp(services: WorkerServices, job: WhatsAppJob): Promise<void> {
  const credentials = new WhatsAppCredentials(services.db, services.config as MessagingConfig);
  const sender = await credentials.senderOf(job.tenantId);
  const number = await reachableNumber(services.db, job.tenantId, job.studentId);
  const template = Object.values(TEMPLATES).find((each) => each.nome === job.modelo);
  const messageId = whatsAppMessageIdOf(job.tenantId, job.cause);
  if (sender && number) await throttle(services, sender.phoneNumberId);
  const outcome = await services.db.transaction().execute(async (trx): Promise<Outcome> => {
    const claim = await trx
      .insertInto('whatsappDeliveries')
      .values({
        cause: job.cause,
        tenantId: job.tenantId,
        studentId: job.studentId,
        sessionId: job.sessionId,
        messageId,
        fallback: JSON.stringify(job.fallback),
        sentAt: services.now(),
      })
      .onConflict((conflict) => conflict.column('cause').doNothing())
      .returning('cause')
      .executeTakeFirst();
    if (!claim) return { kind: 'already' };
    const fallBack = async (codigo: number | null, undeliverable: boolean): Promise<Outcome> => {
      await services.mailer.send(job.fallback);
      await trx
        .updateTable('whatsappDeliveries')
        .set({ fallbackSentAt: services.now() })
        .where('cause', '=', job.cause)
        .execute();
      return { kind: 'fell back', codigo, undeliverable };
    };
    if (!sender || !number || !template) return fallBack(null, false);
    try {
      const wamid = await sender.client.send(
        sender.phoneNumberId,
        templateMessageOf(template, number, job.variables),
      );
      await trx
        .updateTable('whatsappDeliveries')
        .set({ wamid })
        .where('cause', '=', job.cause)
        .execute();
      return { kind: 'sent', wamid };
    } catch (error) {
      if (!(error instanceof CloudApiError) || error.retryable) throw error;
      services.logger.warn(`whatsapp: ${messageId} recusada (código ${error.code})`);
      return fallBack(error.code, UNDELIVERABLE_CODES.includes(error.code));
    }
  });
  if (outcome.kind === 'already') return;
  const context = systemContext(job.tenantId);
  const message = {
    messageId,
    studentId: job.studentId,
    sessionId: job.sessionId,
    cause: job.cause,
    modelo: job.modelo,
  };
  if (outcome.kind === 'sent') {
    await services.commands.run({
      decider: whatsAppMessageDecider,
      streamId: messageId,
      command: { type: 'RecordSent', ...message, wamid: outcome.wamid },
      context,
    });
    return;
  }
  await services.commands.run({
    decider: whatsAppMessageDecider,
    streamId: messageId,
    command: { type: 'RecordFallBack', ...message, codigo: outcome.codigo },
    context,
  });
  if (outcome.undeliverable && outcome.codigo !== null)
    await services.commands.run({
      decider: studentChannelsDecider,
      streamId: studentChannelsStreamId(job.studentId),
      command: {
        type: 'MarkWhatsAppUndeliverable',
        studentId: job.studentId,
        codigo: outcome.codigo,
      },
      context,
    });
}

/** Queues the e-mail of a message WhatsApp reported failed (once per cause, by the job's id). */
export async function queueFallback(jobs: JobQueues, job: WhatsAppFallbackJob): Promise<void> {
  await jobs.add(WHATSAPP_QUEUE, WHATSAPP_FALLBACK, job, {
    jobId: `${jobIdOf(job.tenantId, job.cause)}.email`,
    ...RETRY,
  });
}

/**
 * Sends the e-mail of a message WhatsApp reported failed, once: claimed by marking its delivery
 * row in the transaction that sends.
 */
export async function sendFallback(
  services: WorkerServices,
  job: WhatsAppFallbackJob,
): Promise<void> {
  const delivery = await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('whatsappDeliveries')
      .set({ fallbackSentAt: services.now() })
      .where('cause', '=', job.cause)
      .where('tenantId', '=', job.tenantId)
      .where('fallbackSentAt', 'is', null)
      .where('fallback', 'is not', null)
      .returning(['messageId', 'studentId', 'fallback'])
      .executeTakeFirst();
    const email = fallbackEmailSchema.safeParse(row?.fallback);
    if (!row || !email.success) return undefined;
    await services.mailer.send(email.data);
    return row;
  });
  if (!delivery) return;
  const sent = await services.db
    .selectFrom('whatsappMessages')
    .select(['sessionId', 'modelo'])
    .where('id', '=', delivery.messageId)
    .executeTakeFirst();
  await services.commands.run({
    decider: whatsAppMessageDecider,
    streamId: delivery.messageId,
    command: {
      type: 'RecordFallBack',
      messageId: delivery.messageId,
      studentId: delivery.studentId,
      sessionId: sent?.sessionId ?? null,
      cause: job.cause,
      modelo: sent?.modelo ?? '',
      codigo: job.codigo,
    },
    context: systemContext(job.tenantId),
  });
}
