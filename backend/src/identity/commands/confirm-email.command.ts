import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { EmailTokens } from '../infrastructure/email-tokens';

@Injectable()
export class ConfirmEmailHandler {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    private readonly emailTokens: EmailTokens,
  ) {}

  /** True when the link was valid (unused, within the hour) and the e-mail is now confirmed. */
  execute(token: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const userId = await this.emailTokens.consume(token, 'confirm_email', trx);
      if (!userId) return false;
      await trx
        .updateTable('users')
        .set({ emailConfirmedAt: sql`now()` })
        .where('id', '=', userId)
        .where('emailConfirmedAt', 'is', null)
        .execute();
      return true;
    });
  }
}
