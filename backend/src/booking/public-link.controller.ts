import { Controller, Inject } from '@nestjs/common';
import { publicLinkApi } from '../contracts/booking/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { PublicLinkService } from './application/public-link.service';

/** /link-publico: the trainer's public booking settings, persisted. */
@Controller()
export class PublicLinkController {
  constructor(@Inject(PublicLinkService) private readonly links: PublicLinkService) {}

  @Implements(publicLinkApi.settings)
  settings(@CurrentUser() user: AuthUser) {
    return this.links.settings(user.tenantId);
  }

  @Implements(publicLinkApi.save)
  save(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof publicLinkApi.save>,
  ) {
    return this.links.save(context, body);
  }
}
