import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { messagingApi } from '../contracts/messaging/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { PushDevicesService } from './application/push-devices.service';

/** Web Push for the signed-in trainer and student: the VAPID key and this device's subscription. */
@Controller()
export class MessagingController {
  constructor(@Inject(PushDevicesService) private readonly devices: PushDevicesService) {}

  @Implements(messagingApi.vapidKey)
  vapidKey() {
    return this.devices.vapidKey();
  }

  @Implements(messagingApi.subscribe)
  subscribe(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Input() { body }: ParsedInputOf<typeof messagingApi.subscribe>,
  ) {
    return this.devices.subscribe(context, user, body, request.headers['user-agent']);
  }

  @Implements(messagingApi.unsubscribe)
  unsubscribe(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Input() { body }: ParsedInputOf<typeof messagingApi.unsubscribe>,
  ) {
    return this.devices.unsubscribe(context, user, body.endpoint);
  }
}
