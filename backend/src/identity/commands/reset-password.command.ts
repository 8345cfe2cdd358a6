import { Inject, Injectable } from '@nestjs/common';
import { InvalidResetTokenError } from '../domain/identity.errors';
import { EmailTokens } from '../infrastructure/email-tokens';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { AccountRepository } from '../queries/account.repository';

@Injectable()
export class ResetPasswordHandler {
  constructor(
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(EmailTokens) private readonly emailTokens: EmailTokens,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(RefreshTokens) private readonly refreshTokens: RefreshTokens,
  ) {}

  /**
   * Spends the link, sets the new password, signs every session out and, since the link proved
   * the mailbox, confirms the e-mail.
   */
  async execute(token: string, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    const ended = await this.accounts.transaction(async (trx) => {
      const userId = await this.emailTokens.consume(token, 'reset_password', trx);
      if (!userId) throw new InvalidResetTokenError();
      await this.emailTokens.spendAll(userId, 'reset_password', trx);
      await this.accounts.setPassword(trx, userId, passwordHash);
      await this.accounts.confirmEmail(trx, userId);
      return this.refreshTokens.revokeAllOfUser(userId, trx);
    });
    await this.refreshTokens.sessionsEnded(ended);
  }
}
