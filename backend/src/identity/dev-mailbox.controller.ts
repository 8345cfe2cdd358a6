import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { devMailboxApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input } from '../platform/http/implements';
import { DevMailbox } from './application/dev-mailbox.service';

/** The development mailbox (DevMailbox says who may read it). */
@Controller()
export class DevMailboxController {
  constructor(@Inject(DevMailbox) private readonly mailbox: DevMailbox) {}

  @Implements(devMailboxApi.list)
  list(
    @Input() { query: { to } }: ParsedInputOf<typeof devMailboxApi.list>,
    @Req() request: FastifyRequest,
  ) {
    return this.mailbox.latest(to, {
      proxied:
        request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined,
      remoteAddress: request.raw.socket?.remoteAddress,
    });
  }
}
