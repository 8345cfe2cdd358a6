import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';
import { DATABASE, type Db } from '../../platform/database/database.module';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise keeps the message in the dev mailbox table
 * (readable at GET /api/dev/mailbox outside production) and logs it.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(DATABASE) private readonly db: Db,
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
    this.logger.log(
      `E-mail para ${message.to} guardado na caixa de desenvolvimento: ${message.subject}`,
    );
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
