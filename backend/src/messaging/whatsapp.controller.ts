import { Controller, Inject, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { whatsAppApi } from '../contracts/messaging/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { StudentChannelsService } from './application/student-channels.service';
import { WhatsAppSettingsService } from './application/whatsapp-settings.service';
import { WhatsAppWebhooksService } from './application/whatsapp-webhooks.service';
import { whatsAppContactsProjection } from './projections/whatsapp-contacts.projection';
import { WhatsAppSignatureGuard } from './whatsapp-signature.guard';

/** Ajustes › WhatsApp, each student's channels and consent, and the Cloud API's webhooks. */
@Controller()
export class WhatsAppController {
  constructor(
    @Inject(WhatsAppSettingsService) private readonly settingsService: WhatsAppSettingsService,
    @Inject(StudentChannelsService) private readonly channelsService: StudentChannelsService,
    @Inject(WhatsAppWebhooksService) private readonly webhooks: WhatsAppWebhooksService,
  ) {}

  @Implements(whatsAppApi.settings)
  settings(@CurrentUser() user: AuthUser) {
    return this.settingsService.settings(user.tenantId);
  }

  @Implements(whatsAppApi.saveSettings)
  saveSettings(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof whatsAppApi.saveSettings>,
  ) {
    return this.settingsService.save(context, body);
  }

  @Implements(whatsAppApi.test)
  test(@CurrentUser() user: AuthUser, @Input() { body }: ParsedInputOf<typeof whatsAppApi.test>) {
    return this.settingsService.test(user.tenantId, body);
  }

  @Implements(whatsAppApi.channels)
  @ReadsProjections(whatsAppContactsProjection.name)
  channels(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof whatsAppApi.channels>,
  ) {
    return this.channelsService.channels(user.tenantId, params.id);
  }

  @Implements(whatsAppApi.saveChannels)
  saveChannels(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof whatsAppApi.saveChannels>,
  ) {
    return this.channelsService.choose(context, params.id, body);
  }

  @Implements(whatsAppApi.verifyWebhook)
  verifyWebhook(
    @Input() { query }: ParsedInputOf<typeof whatsAppApi.verifyWebhook>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const challenge = this.webhooks.verify(query);
    void reply.header('content-type', 'text/plain; charset=utf-8');
    return challenge;
  }

  @Implements(whatsAppApi.webhook)
  @UseGuards(WhatsAppSignatureGuard)
  webhook(@Input() { body }: ParsedInputOf<typeof whatsAppApi.webhook>) {
    return this.webhooks.receive(body);
  }
}
