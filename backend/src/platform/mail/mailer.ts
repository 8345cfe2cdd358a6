import { createTransport, type Transporter } from 'nodemailer';
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
  private readonly transport?: Transporter;

  constructor(
    private readonly config: Pick<PlatformConfig, 'SMTP_URL' | 'MAIL_FROM'>,
    private readonly db: Db,
    private readonly log: Pick<Logger, 'info'>,
  ) {
    if (config.SMTP_URL) this.transport = createTransport(config.SMTP_URL);
  }

  async send(message: MailMessage): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...message });
      return;
    }
    await this.db
      .insertInto('devMailbox')
      .values({
        id: uuidv7(),
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      })
      .execute();
    this.log.info(`E-mail para ${message.to} guardado na caixa de desenvolvimento: ${message.subject}`);
  }

  close(): void {
    this.transport?.close();
  }
}
