import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config';
import { NotFoundError } from '../../platform/errors/domain-error';
import type { IdentityConfig } from '../identity.config';
import { DevMailboxRepository } from '../queries/dev-mailbox.repository';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Who asks for the mailbox, as the connection says (never X-Forwarded-For). */
export interface MailboxCaller {
  /** The request came through a proxy (X-Forwarded-For or Forwarded): a proxy on loopback relays anyone. */
  proxied: boolean;
  /** The socket's address. */
  remoteAddress: string | undefined;
}

/**
 * Messages kept instead of sent when no SMTP_URL is set (links to reset any password): served
 * only by `npm run dev` (DEV_MAILBOX=true), never in production, only to loopback clients.
 * Anyone else gets the 404 of a route that does not exist.
 */
@Injectable()
export class DevMailbox {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(DevMailboxRepository) private readonly mailbox: DevMailboxRepository,
  ) {}

  async latest(to: string | undefined, caller: MailboxCaller) {
    if (!this.mayRead(caller)) throw new NotFoundError('Recurso');
    const mails = await this.mailbox.latest(to?.toLowerCase());
    return { items: mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })) };
  }

  private mayRead({ proxied, remoteAddress }: MailboxCaller): boolean {
    if (!this.config.DEV_MAILBOX || this.config.NODE_ENV === 'production') return false;
    return !proxied && LOOPBACK.test(remoteAddress ?? '');
  }
}
