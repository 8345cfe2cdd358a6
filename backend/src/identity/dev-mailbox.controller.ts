import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import type { IdentityConfig } from './identity.config';
import { devMailboxApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input } from '../platform/http/implements';
import { NotFoundError } from '../platform/errors/domain-error';
import { DevMailboxRepository } from './queries/dev-mailbox.repository';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether this request may read the development mailbox: the setting is on, the app is not in
 * production, and the request comes from this machine — judged by the socket's address, never by
 * X-Forwarded-For, and not when it came through a proxy (a proxy on loopback relays anyone).
 */
export function mayReadDevMailbox(config: IdentityConfig, request: FastifyRequest): boolean {
  if (!config.DEV_MAILBOX || config.NODE_ENV === 'production') return false;
  const headers = request.headers;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.raw.socket?.remoteAddress ?? '');
}

/**
 * Messages kept instead of sent when no SMTP_URL is set (links to reset any password): served
 * only by `npm run dev` (DEV_MAILBOX=true), never in production, only to loopback clients.
 * Anyone else gets the 404 of a route that does not exist.
 */
@Controller()
export class DevMailboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly mailbox: DevMailboxRepository,
  ) {}

  @Implements(devMailboxApi.list)
  async list(
    @Input() { query: { to } }: ParsedInputOf<typeof devMailboxApi.list>,
    @Req() request: FastifyRequest,
  ) {
    if (!mayReadDevMailbox(this.config, request)) throw new NotFoundError('Recurso');
    const mails = await this.mailbox.latest(to?.toLowerCase());
    return { items: mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })) };
  }
}
