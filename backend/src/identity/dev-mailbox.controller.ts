import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG } from '../config/config';
import type { IdentityConfig } from './identity.config';
import { Public } from '../platform/auth/public.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import { DevMailboxRepository, type DevMail } from './queries/dev-mailbox.repository';

/** Messages kept instead of sent when no SMTP_URL is set; never served in production. */
@ApiTags('dev')
@Public()
@Controller('dev/mailbox')
export class DevMailboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly mailbox: DevMailboxRepository,
  ) {}

  @Get()
  async list(@Query('to') to: string | undefined): Promise<{ items: DevMail[] }> {
    if (this.config.NODE_ENV === 'production') throw new NotFoundError('Recurso');
    return {
      items: await this.mailbox.latest(typeof to === 'string' ? to.toLowerCase() : undefined),
    };
  }
}
