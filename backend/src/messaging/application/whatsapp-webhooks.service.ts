import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { WhatsAppWebhook } from '../../contracts/messaging/api';
import type { WhatsAppMessageEstado } from '../../contracts/messaging/events';
import { APP_CONFIG } from '../../config/config';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { DomainError } from '../../platform/errors/domain-error';
import { type CommandContext, CommandRunner } from '../../platform/event-store/command-runner';
import { JobQueues } from '../../platform/queue/queue.module';
import {
  studentChannelsDecider,
  studentChannelsStreamId,
} from '../domain/student-channels.decider';
import {
  whatsAppAccountDecider,
  whatsAppAccountStreamId,
} from '../domain/whatsapp-account.decider';
import { whatsAppMessageDecider } from '../domain/whatsapp-message.decider';
import { type MessagingConfig, viraNumberOf } from '../messaging.config';
import { CONFIRMO, PRECISO_REMARCAR } from '../domain/whatsapp-templates';
import { queueFallback, UNDELIVERABLE_CODES } from './whatsapp-delivery';

const ESTADOS: Record<string, WhatsAppMessageEstado> = {
  sent: 'enviado',
  delivered: 'entregue',
  read: 'lido',
  failed: 'falhou',
};

const statusSchema = z.object({
  id: z.string(),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  errors: z.array(z.object({ code: z.number() })).optional(),
});
const inboundSchema = z.object({
  from: z.string(),
  id: z.string(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  /** The message a reply answers (a template's quick-reply button). */
  context: z.object({ id: z.string() }).optional(),
  button: z.object({ payload: z.string(), text: z.string() }).optional(),
  interactive: z
    .object({ button_reply: z.object({ id: z.string(), title: z.string() }).optional() })
    .optional(),
});
const messagesValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string() }),
  statuses: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
});
const templateReviewSchema = z.object({
  event: z.enum(['APPROVED', 'REJECTED', 'PENDING', 'PAUSED', 'DISABLED']),
  message_template_id: z.union([z.number(), z.string()]),
  reason: z.string().nullable().optional(),
});

/** What a student writes to stop business-initiated messages (and the opt-out's usual words). */
const STOP_WORDS = /^\s*(parar|pare|stop|sair|cancelar)\s*[.!]*\s*$/i;

/**
 * What the Cloud API's webhooks tell, once their signature holds (WhatsAppSignatureGuard):
 * statuses of the messages Vira sent (found by their wamid in the outbox's claims: one not sent by
 * Vira is ignored), quick-reply answers to them, 'PARAR' from a student's number, and templates'
 * reviews. Each is a command on
 * its stream whose decider ignores what it already knows, so a delivery replayed changes nothing.
 */
@Injectable()
export class WhatsAppWebhooksService {
  private readonly logger = new Logger('WhatsAppWebhooks');

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(CommandRunner) private readonly commands: CommandRunner,
    @Inject(JobQueues) private readonly jobs: JobQueues,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
  ) {}

  /** The verification handshake: hub.challenge back when the token is ours. */
  verify(query: {
    'hub.mode': string;
    'hub.verify_token': string;
    'hub.challenge': string;
  }): string {
    const expected = this.config.WHATSAPP_VERIFY_TOKEN;
    const given = Buffer.from(query['hub.verify_token']);
    if (
      query['hub.mode'] !== 'subscribe' ||
      !expected ||
      given.length !== Buffer.byteLength(expected) ||
      !timingSafeEqual(given, Buffer.from(expected))
    )
      throw new DomainError('forbidden', 'Token de verificação inválido', 403);
    return query['hub.challenge'];
  }

  async receive(webhook: WhatsAppWebhook): Promise<{ recebido: true }> {
    for (const entry of webhook.entry)
      for (const change of entry.changes) {
        if (change.field === 'message_template_status_update')
          await this.templateReviewed(entry.id, change.value);
        else if (change.field === 'messages') {
          const value = messagesValueSchema.safeParse(change.value);
          if (!value.success) continue;
          for (const status of value.data.statuses ?? []) await this.status(status);
          for (const message of value.data.messages ?? [])
            await this.inbound(value.data.metadata.phone_number_id, message);
        }
      }
    return { recebido: true };
  }

  private context(tenantId: string): CommandContext {
    return { tenantId, actorId: 'whatsapp', actorRole: 'system', correlationId: uuidv7() };
  }

  private async status(raw: unknown): Promise<void> {
    const parsed = statusSchema.safeParse(raw);
    if (!parsed.success) return;
    const { id: wamid, status, errors } = parsed.data;
    const delivery = await this.db
      .selectFrom('whatsappDeliveries')
      .select(['tenantId', 'studentId', 'messageId', 'cause'])
      .where('wamid', '=', wamid)
      .executeTakeFirst();
    if (!delivery) return;
    const codigo = errors?.[0]?.code ?? null;
    const context = this.context(delivery.tenantId);
    await this.commands.run({
      decider: whatsAppMessageDecider,
      streamId: delivery.messageId,
      command: {
        type: 'RecordStatus',
        messageId: delivery.messageId,
        estado: ESTADOS[status],
        codigo,
      },
      context,
    });
    if (status !== 'failed') return;
    this.logger.warn(`mensagem ${delivery.messageId} falhou (código ${codigo ?? '?'})`);
    if (codigo !== null && UNDELIVERABLE_CODES.includes(codigo))
      await this.commands.run({
        decider: studentChannelsDecider,
        streamId: studentChannelsStreamId(delivery.studentId),
        command: { type: 'MarkWhatsAppUndeliverable', studentId: delivery.studentId, codigo },
        context,
      });
    await queueFallback(this.jobs, { tenantId: delivery.tenantId, cause: delivery.cause, codigo });
  }

  /** The tenants that send from this number or WABA. */
  private async tenantsOf(by: { phoneNumberId: string } | { wabaId: string }): Promise<string[]> {
    const vira = viraNumberOf(this.config);
    const viraMatches =
      vira !== undefined &&
      ('phoneNumberId' in by ? vira.phoneNumberId === by.phoneNumberId : vira.wabaId === by.wabaId);
    const rows = await this.db
      .selectFrom('whatsappAccounts')
      .select('tenantId')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('modo', '=', 'proprio'),
            'phoneNumberId' in by
              ? eb('phoneNumberId', '=', by.phoneNumberId)
              : eb('wabaId', '=', by.wabaId),
          ]),
          ...(viraMatches ? [eb('modo', '=', 'vira')] : []),
        ]),
      )
      .execute();
    return rows.map((row) => row.tenantId);
  }

  private async inbound(phoneNumberId: string, raw: unknown): Promise<void> {
    const parsed = inboundSchema.safeParse(raw);
    if (!parsed.success) return;
    const { from, type, text } = parsed.data;
    const tapped = parsed.data.button?.payload ?? parsed.data.interactive?.button_reply?.id;
    if (tapped !== undefined && parsed.data.context) {
      await this.reply(parsed.data.context.id, parsed.data.id, tapped);
      return;
    }
    if (type !== 'text' || !text || !STOP_WORDS.test(text.body)) return;
    const tenants = await this.tenantsOf({ phoneNumberId });
    if (tenants.length === 0) return;
    const students = await this.db
      .selectFrom('whatsappContacts')
      .select(['tenantId', 'studentId'])
      .where((eb) => eb('tenantId', '=', eb.fn.any(eb.val(tenants))))
      .where('telefone', '=', from)
      .execute();
    for (const { tenantId, studentId } of students)
      await this.commands.run({
        decider: studentChannelsDecider,
        streamId: studentChannelsStreamId(studentId),
        command: { type: 'StopWhatsApp', studentId },
        context: this.context(tenantId),
      });
  }

  /**
   * A quick-reply button tapped on a message Vira sent ('Confirmo', 'Preciso remarcar'): recorded
   * on the message, and the process manager takes it to the session. Any other button, or an
   * answer to a message Vira did not send, is ignored.
   */
  private async reply(wamid: string, replyId: string, tapped: string): Promise<void> {
    const resposta =
      tapped === CONFIRMO ? 'confirmo' : tapped === PRECISO_REMARCAR ? 'remarcar' : undefined;
    if (!resposta) return;
    const delivery = await this.db
      .selectFrom('whatsappDeliveries')
      .select(['tenantId', 'messageId', 'sessionId'])
      .where('wamid', '=', wamid)
      .executeTakeFirst();
    if (!delivery) return;
    await this.commands.run({
      decider: whatsAppMessageDecider,
      streamId: delivery.messageId,
      command: {
        type: 'RecordReply',
        messageId: delivery.messageId,
        sessionId: delivery.sessionId,
        resposta,
        replyId,
      },
      context: this.context(delivery.tenantId),
    });
  }

  private async templateReviewed(wabaId: string, raw: unknown): Promise<void> {
    const parsed = templateReviewSchema.safeParse(raw);
    if (!parsed.success) return;
    const { event: status, message_template_id: templateId, reason } = parsed.data;
    for (const tenantId of await this.tenantsOf({ wabaId }))
      await this.commands.run({
        decider: whatsAppAccountDecider,
        streamId: whatsAppAccountStreamId(tenantId),
        command: {
          type: 'ReviewTemplate',
          wabaId,
          templateId: String(templateId),
          status,
          motivo: reason && reason !== 'NONE' ? reason : null,
        },
        context: this.context(tenantId),
      });
  }
}
