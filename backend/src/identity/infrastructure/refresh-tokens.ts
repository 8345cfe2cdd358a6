import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Database } from '../../platform/database/database';
import { hashSecretToken, newSecretToken } from './secret-token';

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotationResult =
  | { outcome: 'rotated'; userId: string; next: IssuedRefreshToken }
  | { outcome: 'invalid' }
  /** An already-rotated or revoked token came back: the whole family is now revoked. */
  | { outcome: 'reused' };

/**
 * Refresh tokens: random, stored as sha256, rotated on every use. Tokens descending from one
 * sign-in form a family; presenting a spent token revokes the family (theft detection).
 */
@Injectable()
export class RefreshTokens {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {}

  issue(userId: string, now: Date): Promise<IssuedRefreshToken> {
    return this.insert(this.db, { userId, familyId: uuidv7(), parentId: null }, now);
  }

  rotate(token: string, now: Date): Promise<RotationResult> {
    return this.db.transaction().execute(async (trx): Promise<RotationResult> => {
      // The row lock makes two concurrent uses of one token meet here: the second sees it rotated.
      const current = await trx
        .selectFrom('refreshTokens')
        .select(['id', 'userId', 'familyId', 'expiresAt', 'rotatedAt', 'revokedAt'])
        .where('tokenHash', '=', hashSecretToken(token))
        .forUpdate()
        .executeTakeFirst();
      if (!current) return { outcome: 'invalid' };
      if (current.rotatedAt || current.revokedAt) {
        await this.revokeFamily(current.familyId, trx);
        return { outcome: 'reused' };
      }
      if (current.expiresAt.getTime() <= now.getTime()) return { outcome: 'invalid' };
      await trx
        .updateTable('refreshTokens')
        .set({ rotatedAt: now })
        .where('id', '=', current.id)
        .execute();
      const next = await this.insert(
        trx,
        { userId: current.userId, familyId: current.familyId, parentId: current.id },
        now,
      );
      return { outcome: 'rotated', userId: current.userId, next };
    });
  }

  /** Logout: the presented token's family stops working. Unknown tokens are ignored. */
  async revokeFamilyOf(token: string): Promise<void> {
    const current = await this.db
      .selectFrom('refreshTokens')
      .select('familyId')
      .where('tokenHash', '=', hashSecretToken(token))
      .executeTakeFirst();
    if (current) await this.revokeFamily(current.familyId);
  }

  async revokeAllOfUser(userId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('refreshTokens')
      .set({ revokedAt: sql`now()` })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  private async revokeFamily(familyId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('refreshTokens')
      .set({ revokedAt: sql`now()` })
      .where('familyId', '=', familyId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  private async insert(
    db: Kysely<Database>,
    row: { userId: string; familyId: string; parentId: string | null },
    now: Date,
  ): Promise<IssuedRefreshToken> {
    const { token, hash } = newSecretToken();
    const expiresAt = new Date(
      now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000,
    );
    await db
      .insertInto('refreshTokens')
      .values({ id: uuidv7(), ...row, tokenHash: hash, expiresAt })
      .execute();
    return { token, expiresAt };
  }
}
