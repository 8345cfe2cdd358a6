import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '../../platform/database/database.module';

/** 32 random bytes: 256 bits, as base64url (43 characters, safe in a path). */
const SECRET_BYTES = 32;
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The secret of each trainer's private iCal feed: the secret is the credential, so only its hash
 * is kept (one per trainer: a new one revokes the old), and it never enters the event log.
 */
@Injectable()
export class CalendarFeeds {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** A new secret for the trainer; the one before stops working now. */
  async issue(tenantId: string): Promise<string> {
    const secret = randomBytes(SECRET_BYTES).toString('base64url');
    await this.db
      .insertInto('calendarFeeds')
      .values({ tenantId, secretHash: hashOf(secret) })
      .onConflict((conflict) =>
        conflict
          .column('tenantId')
          .doUpdateSet({ secretHash: hashOf(secret), createdAt: new Date() }),
      )
      .execute();
    return secret;
  }

  /** Whose feed `secret` opens; undefined for an unknown (or revoked) one. */
  async tenantOf(secret: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('calendarFeeds')
      .select('tenantId')
      .where('secretHash', '=', hashOf(secret))
      .executeTakeFirst();
    return row?.tenantId;
  }
}
