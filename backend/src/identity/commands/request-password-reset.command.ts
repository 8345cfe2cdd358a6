import { Injectable } from '@nestjs/common';
import { AccountEmails } from '../infrastructure/account-emails';
import { EmailTokens } from '../infrastructure/email-tokens';
import { AccountRepository } from '../queries/account.repository';

@Injectable()
export class RequestPasswordResetHandler {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly emailTokens: EmailTokens,
    private readonly accountEmails: AccountEmails,
  ) {}

  /** Sends a reset link when the e-mail has an account; says nothing either way. */
  async execute(email: string, now: Date): Promise<void> {
    const user = await this.accounts.findUserByEmail(email);
    if (!user) return;
    const token = await this.emailTokens.create(user.id, 'reset_password', now);
    await this.accountEmails.sendPasswordReset(user.email, token);
  }
}
