import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { PushSubscriptionInput } from '../../contracts/messaging/api';
import { PUSH_DISABLED_MESSAGE } from '../../contracts/messaging/api';
import { APP_CONFIG } from '../../config/config';
import type { AuthUser } from '../../platform/auth/auth-user';
import { DomainError } from '../../platform/errors/domain-error';
import type { CommandContext, CommandResult } from '../../platform/event-store/command-runner';
import { PushDevicesCommands } from '../commands/push-devices.commands';
import { type MessagingConfig, vapidOf } from '../messaging.config';

const MAX_USER_AGENT = 500;

/** The devices a signed-in account is notified on: its consent, given and taken back. */
@Injectable()
export class PushDevicesService {
  constructor(
    @Inject(PushDevicesCommands) private readonly commands: PushDevicesCommands,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
  ) {}

  /** The server's VAPID public key; 404 when push is off. */
  vapidKey(): { publicKey: string } {
    const vapid = vapidOf(this.config);
    if (!vapid) throw new DomainError('push_disabled', PUSH_DISABLED_MESSAGE, 404);
    return { publicKey: vapid.publicKey };
  }

  subscribe(
    context: CommandContext,
    user: AuthUser,
    subscription: PushSubscriptionInput,
    userAgent: string | string[] | undefined,
  ): Promise<CommandResult> {
    this.vapidKey();
    const studentId = user.role === 'aluno' ? (user.studentId ?? null) : null;
    return this.commands.handle(context, user.userId, {
      type: 'SubscribePush',
      device: {
        subscriptionId: uuidv7(),
        userId: user.userId,
        studentId,
        subjectId: studentId ?? user.tenantId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT) : null,
      },
    });
  }

  unsubscribe(
    context: CommandContext,
    user: AuthUser,
    endpoint: string,
    motivo: 'aparelho' | 'saida' = 'aparelho',
  ): Promise<CommandResult> {
    return this.commands.handle(context, user.userId, {
      type: 'UnsubscribePush',
      endpoint,
      motivo,
    });
  }
}
