import { Inject, Injectable } from '@nestjs/common';
import { EmailTokens } from '../infrastructure/email-tokens';
import { AccountRepository } from '../queries/account.repository';

@Injectable()
export class ConfirmEmailHandler {
  constructor(
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(EmailTokens) private readonly emailTokens: EmailTokens,
  ) {}

  /** True when the link was valid (unused, within the hour) and the e-mail is now confirmed. */
  execute(token: string): Promise<boolean> {
    return this.accounts.transaction(async (trx) => {
      const userId = await this.emailTokens.consume(token, 'confirm_email', trx);
      if (!userId) return false;
      await this.accounts.confirmEmail(trx, userId);
      return true;
    });
  }
}
