import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';
import { escapeHtml, Mailer } from '../../platform/mail/mailer';


/** The messages identity sends, in pt-BR, with absolute links to this app. */
@Injectable()
export class AccountEmails {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Whether the confirmation reached somewhere the trainer can read it: sent over SMTP, or kept in
   * the dev mailbox while it is served. Kept where no one reads it, it was not sent.
   */
  async sendConfirmation(to: string, nome: string, token: string): Promise<boolean> {
    const link = new URL(
      `/api/auth/confirm?token=${encodeURIComponent(token)}`,
      this.config.APP_URL,
    ).toString();
    const outcome = await this.mailer.send({
      to,
      subject: 'Confirme seu e-mail no Vira',
      text: `Olá, ${nome}!\n\nConfirme seu e-mail para começar a usar o Vira:\n${link}\n\nO link vale por 1 hora.`,
      html: `<p>Olá, ${escapeHtml(nome)}!</p><p>Confirme seu e-mail para começar a usar o Vira:</p><p><a href="${escapeHtml(link)}">Confirmar e-mail</a></p><p>O link vale por 1 hora.</p>`,
    });
    return (
      outcome === 'sent' || (this.config.DEV_MAILBOX && this.config.NODE_ENV !== 'production')
    );
  }

  async sendPasswordReset(to: string, token: string): Promise<void> {
    const link = new URL(
      `/auth?reset=${encodeURIComponent(token)}`,
      this.config.APP_URL,
    ).toString();
    await this.mailer.send({
      to,
      subject: 'Redefinição de senha do Vira',
      text: `Recebemos um pedido para redefinir sua senha.\n\nCrie uma nova senha neste link:\n${link}\n\nO link vale por 1 hora e só pode ser usado uma vez. Se não foi você, ignore este e-mail.`,
      html: `<p>Recebemos um pedido para redefinir sua senha.</p><p><a href="${escapeHtml(link)}">Criar nova senha</a></p><p>O link vale por 1 hora e só pode ser usado uma vez. Se não foi você, ignore este e-mail.</p>`,
    });
  }
}
