import { Inject, Injectable } from '@nestjs/common';
import type { publicLinkApi } from '../../contracts/booking/api';
import type { ParsedInputOf } from '../../contracts/shared/routes';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { PublicBooking } from '../commands/public-booking';
import { PublicLinkCommands } from '../commands/public-link.commands';

/** /link-publico: the trainer's public booking settings, saved and in force for the next visitor. */
@Injectable()
export class PublicLinkService {
  constructor(
    @Inject(PublicLinkCommands) private readonly links: PublicLinkCommands,
    @Inject(PublicBooking) private readonly booking: PublicBooking,
  ) {}

  settings(tenantId: string) {
    return this.links.current(tenantId);
  }

  async save(context: CommandContext, settings: ParsedInputOf<typeof publicLinkApi.save>['body']) {
    const result = await this.links.change(context, { type: 'SetPublicLink', settings });
    this.booking.settingsChanged(context.tenantId);
    return result;
  }
}
