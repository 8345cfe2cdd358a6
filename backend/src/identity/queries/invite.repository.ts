import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { INVITE_VALIDITY_DAYS } from '../../contracts/identity/api';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { hashSecretToken, newSecretToken } from '../infrastructure/secret-token';

export interface ValidInvite {
  tenantId: string;
  studentId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Student invites: random tokens kept hashed, valid 7 days, used once. A new one leaves the links
 * already sent valid; once the student has an account, none of them opens.
 */
@Injectable()
export class InviteRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async create(
    invite: ValidInvite & { createdBy: string },
    now: Date,
  ): Promise<{ token: string; expiresAt: Date }> {
    const { token, hash } = newSecretToken();
    const expiresAt = new Date(now.getTime() + INVITE_VALIDITY_DAYS * DAY_MS);
    await this.db
      .insertInto('studentInvites')
      .values({ id: uuidv7(), ...invite, tokenHash: hash, createdAt: now, expiresAt })
      .execute();
    return { token, expiresAt };
  }

  /** The invite behind `token` while it is unused, not expired and its student has no account. */
  findValid(token: string, now: Date): Promise<ValidInvite | undefined> {
    return this.db
      .selectFrom('studentInvites as invite')
      .select(['invite.tenantId', 'invite.studentId'])
      .where('invite.tokenHash', '=', hashSecretToken(token))
      .where('invite.usedAt', 'is', null)
      .where('invite.expiresAt', '>', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('studentAccounts as account')
              .select('account.userId')
              .whereRef('account.tenantId', '=', 'invite.tenantId')
              .whereRef('account.studentId', '=', 'invite.studentId'),
          ),
        ),
      )
      .executeTakeFirst();
  }

  /**
   * Spends the invite in the account's transaction. Of two concurrent accepts, the second waits on
   * the row and then finds it used: exactly one account per invite (two different links of one
   * student meet at student_accounts' unique key instead).
   */
  async claim(trx: Transaction<Database>, token: string, now: Date): Promise<boolean> {
    const claimed = await trx
      .updateTable('studentInvites')
      .set({ usedAt: now })
      .where('tokenHash', '=', hashSecretToken(token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`${now}`)
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }
}
