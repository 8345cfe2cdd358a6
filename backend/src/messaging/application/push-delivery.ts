import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import webpush, { WebPushError } from 'web-push';
import type {
  PushMessage,
  PushNotifications,
  PushRecipient,
} from '../../contracts/messaging/ports';
import type { WorkerServices } from '../../platform/context/worker-services';
import type { Database } from '../../platform/database/database';
import type { JobQueues } from '../../platform/queue/queue.module';
import { withTimeout } from '../../platform/queue/redis';
import { pushDevicesDecider } from '../domain/push-devices.decider';
import { type MessagingConfig, vapidOf } from '../messaging.config';

export const PUSH_QUEUE = 'push';
export const SEND_PUSH = 'push.send';

/** One notification to one device, queued under its cause. */
export interface PushJob {
  tenantId: string;
  subscriptionId: string;
  cause: string;
  message: PushMessage;
}

declare module '../../platform/queue/jobs' {
  interface JobMap {
    push: { 'push.send': PushJob };
  }
}

/** A push service busy or failing (429, 5xx) is asked again, waiting longer each time. */
const RETRY = { attempts: 8, backoff: { type: 'exponential', delay: 2_000 } } as const;
/** How long the push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 3_600;
const SEND_TIMEOUT_MS = 10_000;
/** Jobs not queued in this time are not waited for (Redis slow or away): the caller goes on. */
const QUEUE_TIMEOUT_MS = 2_000;

/**
 * The push outbox (queue 'push'): one job per device and cause, its id the cause's, so the same
 * cause queued again while its job waits adds nothing; the delivery row claimed when it is sent
 * keeps it from going twice after that (a retry, a second worker). Without Redis it throws after
 * a moment: a push is not worth holding up what sends it.
 */
export class PushOutbox implements PushNotifications {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobQueues,
    private readonly config: MessagingConfig,
  ) {}

  async notify(recipient: PushRecipient, cause: string, message: PushMessage): Promise<void> {
    if (!vapidOf(this.config)) return;
    let devices = this.db
      .selectFrom('pushSubscriptions')
      .select('id')
      .where('tenantId', '=', recipient.tenantId);
    devices =
      'studentId' in recipient
        ? devices.where('studentId', '=', recipient.studentId)
        : devices.where('studentId', 'is', null);
    const found = await devices.execute();
    if (found.length === 0) return;
    await withTimeout(
      this.jobs.addMany(
        PUSH_QUEUE,
        SEND_PUSH,
        found.map((device) => ({
          data: { tenantId: recipient.tenantId, subscriptionId: device.id, cause, message },
          options: { jobId: `${cause}.${device.id}`, ...RETRY },
        })),
      ),
      QUEUE_TIMEOUT_MS,
    );
  }
}

let trusted: { file: string; agent: Agent } | undefined;
/** The TLS agent that also trusts PUSH_SERVICE_CA_FILE, read once. */
function agentOf(config: MessagingConfig): Agent | undefined {
  const file = config.PUSH_SERVICE_CA_FILE;
  if (!file) return undefined;
  if (trusted?.file !== file)
    trusted = { file, agent: new Agent({ ca: [...rootCertificates, readFileSync(file, 'utf8')] }) };
  return trusted.agent;
}

const isRetryable = (error: unknown) =>
  !(error instanceof WebPushError) || error.statusCode === 429 || error.statusCode >= 500;

type Outcome = 'sent' | 'already sent' | 'refused' | { expired: number };

/**
 * Sends a push job: encrypted for the device (RFC 8291, aes128gcm) and signed with the server's
 * VAPID key (RFC 8292). The delivery is claimed in the transaction that sends, so a send that
 * fails claims nothing and its retry sends again, and a second worker on the same job waits for
 * the first and then finds it sent. A device the push service no longer knows (404, 410) is
 * expired; a busy or failing service (429, 5xx, no answer) is retried with backoff (the job
 * fails); any other refusal is logged and not retried.
 */
export async function sendPush(services: WorkerServices, job: PushJob): Promise<void> {
  const config = services.config as MessagingConfig;
  const vapid = vapidOf(config);
  if (!vapid) return;
  const device = await services.db
    .selectFrom('pushSubscriptions')
    .select(['id', 'userId', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', job.subscriptionId)
    .where('tenantId', '=', job.tenantId)
    .executeTakeFirst();
  if (!device) return;
  const agent = agentOf(config);
  const outcome = await services.db.transaction().execute(async (trx): Promise<Outcome> => {
    const claim = await trx
      .insertInto('pushDeliveries')
      .values({
        cause: job.cause,
        subscriptionId: device.id,
        tenantId: job.tenantId,
        sentAt: services.now(),
      })
      .onConflict((conflict) => conflict.columns(['cause', 'subscriptionId']).doNothing())
      .returning('cause')
      .executeTakeFirst();
    if (!claim) return 'already sent';
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(job.message),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          timeout: SEND_TIMEOUT_MS,
          ...(agent && { agent }),
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
        return { expired: error.statusCode };
      if (isRetryable(error)) throw error;
      services.logger.warn(
        `push: ${job.subscriptionId} recusado (${(error as WebPushError).statusCode})`,
      );
      return 'refused';
    }
  });
  if (typeof outcome !== 'object') return;
  await services.commands.run({
    decider: pushDevicesDecider,
    streamId: device.userId,
    command: {
      type: 'ExpirePushSubscription',
      subscriptionId: device.id,
      status: outcome.expired,
    },
    context: {
      tenantId: job.tenantId,
      actorId: 'push-service',
      actorRole: 'system',
      correlationId: uuidv7(),
    },
  });
}
