import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Database } from '../../platform/database/database';
import type { EmailTokens as EmailTokensTable } from '../../platform/database/database.types';
import { hashSecretToken, newSecretToken } from './secret-token';

export type EmailTokenPurpose = EmailTokensTable['purpose'];
const EMAIL_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Single-use links sent by e-mail: random, stored hashed, valid for one hour. */
@Injectable()
export class EmailTokens {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async create(
    userId: string,
    purpose: EmailTokenPurpose,
    now: Date,
    db: Kysely<Database> = this.db,
  ): Promise<string> {
    const { token, hash } = newSecretToken();
    await db
      .insertInto('emailTokens')
      .values({
        id: uuidv7(),
        userId,
        purpose,
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
      })
      .execute();
    return token;
  }

  /** Marks the token used and answers its user, or undefined when unknown, used or expired. */
  async consume(
    token: string,
    purpose: EmailTokenPurpose,
    db: Kysely<Database> = this.db,
  ): Promise<string | undefined> {
    const used = await db
      .updateTable('emailTokens')
      .set({ usedAt: sql`now()` })
      .where('tokenHash', '=', hashSecretToken(token))
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returning('userId')
      .executeTakeFirst();
    return used?.userId;
  }

  /** Every other pending link of the same purpose stops working too (e.g. after a reset). */
  async spendAll(
    userId: string,
    purpose: EmailTokenPurpose,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await db
      .updateTable('emailTokens')
      .set({ usedAt: sql`now()` })
      .where('userId', '=', userId)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .execute();
  }
}
