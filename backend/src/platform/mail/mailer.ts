import type { Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Logger } from 'pino';
import type { PlatformConfig } from '../../config/config';
import type { Db } from '../database/database.module';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A failure to send, for the log: its kind and the SMTP codes, never its message (an SMTP server's
 * refusal quotes the recipient's address).
 */
export function describeMailFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'falha desconhecida';
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return [error.name, code, responseCode].filter((part) => part !== undefined).join(' ');
}

/** Text put into an e-mail's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise keeps the message in the dev mailbox table
 * (readable at GET /api/dev/mailbox when enabled) and logs it. One implementation for the API
 * (identity's links) and the worker (reminders).
 */
export class Mailer {
  /** Made by the first message (nodemailer is loaded then, not at every start-up). */
  private transport?: Promise<Transporter>;

  constructor(
    private readonly config: Pick<PlatformConfig, 'SMTP_URL' | 'MAIL_FROM'>,
    private readonly db: Db,
    private readonly log: Pick<Logger, 'info'>,
  ) {}

  private smtp(): Promise<Transporter> | undefined {
    const url = this.config.SMTP_URL;
    if (url)
      this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
    return this.transport;
  }

  /** 'sent' over SMTP, or 'kept' in the dev mailbox table (no SMTP_URL). */
  async send(message: MailMessage): Promise<'sent' | 'kept'> {
    const smtp = this.smtp();
    if (smtp) {
      await (await smtp).sendMail({ from: this.config.MAIL_FROM, ...message });
      return 'sent';
    }
    const id = uuidv7();
    await this.db
      .insertInto('devMailbox')
      .values({
        id,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      })
      .execute();
    // The id only: an address and a subject name a person (the log keeps ids, never personal data).
    this.log.info(`E-mail ${id} guardado na caixa de desenvolvimento`);
    return 'kept';
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}
