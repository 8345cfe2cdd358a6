import { Controller, Inject } from '@nestjs/common';
import { publicLinkApi } from '../contracts/booking/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { PublicBooking } from './commands/public-booking';
import { PublicLinkCommands } from './commands/public-link.commands';

/** /link-publico: the trainer's public booking settings, persisted. */
@Controller()
export class PublicLinkController {
  constructor(
    @Inject(PublicLinkCommands) private readonly links: PublicLinkCommands,
    @Inject(PublicBooking) private readonly booking: PublicBooking,
  ) {}

  @Implements(publicLinkApi.settings)
  settings(@CurrentUser() user: AuthUser) {
    return this.links.current(user.tenantId);
  }

  @Implements(publicLinkApi.save)
  async save(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof publicLinkApi.save>,
  ) {
    const result = await this.links.change(context, {
      type: 'SetPublicLink',
      settings: body,
    });
    this.booking.settingsChanged(context.tenantId);
    return result;
  }
}
