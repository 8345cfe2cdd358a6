import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { InvalidResetTokenError } from '../domain/identity.errors';
import { EmailTokens } from '../infrastructure/email-tokens';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';

@Injectable()
export class ResetPasswordHandler {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    private readonly emailTokens: EmailTokens,
    private readonly hasher: PasswordHasher,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  /**
   * Spends the link, sets the new password, signs every session out and, since the link proved
   * the mailbox, confirms the e-mail.
   */
  async execute(token: string, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    await this.db.transaction().execute(async (trx) => {
      const userId = await this.emailTokens.consume(token, 'reset_password', trx);
      if (!userId) throw new InvalidResetTokenError();
      await this.emailTokens.spendAll(userId, 'reset_password', trx);
      await trx
        .insertInto('passwordCredentials')
        .values({ userId, passwordHash })
        .onConflict((conflict) =>
          conflict.column('userId').doUpdateSet({ passwordHash, updatedAt: sql`now()` }),
        )
        .execute();
      await trx
        .updateTable('users')
        .set({ emailConfirmedAt: sql`coalesce(email_confirmed_at, now())` })
        .where('id', '=', userId)
        .execute();
      await this.refreshTokens.revokeAllOfUser(userId, trx);
    });
  }
}
