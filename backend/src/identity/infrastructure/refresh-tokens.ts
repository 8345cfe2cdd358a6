import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { APP_CONFIG } from '../../config/config';
import type { IdentityConfig } from '../identity.config';
import { LiveSessions } from '../../platform/auth/live-sessions';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Database } from '../../platform/database/database';
import { hashSecretToken, newSecretToken } from './secret-token';

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The family: the session its access tokens name. */
  familyId: string;
}

export type RotationResult =
  | { outcome: 'rotated'; userId: string; next: IssuedRefreshToken }
  | { outcome: 'invalid' }
  /** An already-rotated or revoked token came back: the whole family is now revoked. */
  | { outcome: 'reused' };

/**
 * Refresh tokens: stored as sha256, rotated on every use. Tokens descending from one sign-in form
 * a family; presenting a spent token revokes the family (theft detection) — except the token just
 * rotated, within REFRESH_REUSE_GRACE_SECONDS, while its successor is still the family's newest:
 * two tabs refreshing at the same moment both get that successor, and the user stays signed in.
 *
 * The first token of a family is random; each successor is HMAC(server key, its parent), so the
 * server can hand the same successor out again without keeping any token in the clear, while
 * nobody without the key can derive one token from another.
 *
 * A family is a session: its access tokens work while it is live, so every revocation is told to
 * LiveSessions once committed.
 */
@Injectable()
export class RefreshTokens {
  private readonly successorKey: Buffer;

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(LiveSessions) private readonly sessions: LiveSessions,
  ) {
    this.successorKey = createHmac('sha256', config.JWT_SECRET)
      .update('vira:refresh-token-successor')
      .digest();
  }

  issue(userId: string, now: Date): Promise<IssuedRefreshToken> {
    return this.insert(
      this.db,
      { userId, familyId: uuidv7(), parentId: null },
      newSecretToken(),
      now,
    );
  }

  async rotate(token: string, now: Date): Promise<RotationResult> {
    let revokedFamily: string | undefined;
    const result = await this.db.transaction().execute(async (trx): Promise<RotationResult> => {
      // The row lock makes two concurrent uses of one token meet here: the second sees it rotated.
      const current = await trx
        .selectFrom('refreshTokens')
        .select(['id', 'userId', 'familyId', 'expiresAt', 'rotatedAt', 'revokedAt'])
        .where('tokenHash', '=', hashSecretToken(token))
        .forUpdate()
        .executeTakeFirst();
      if (!current) return { outcome: 'invalid' };
      if (current.rotatedAt && !current.revokedAt) {
        const again = await this.successorWithinGrace(trx, token, current, now);
        if (again) return { outcome: 'rotated', userId: current.userId, next: again };
      }
      if (current.rotatedAt || current.revokedAt) {
        await this.revokeFamily(current.familyId, trx);
        revokedFamily = current.familyId;
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
        this.successorOf(token),
        now,
      );
      return { outcome: 'rotated', userId: current.userId, next };
    });
    if (revokedFamily) await this.sessions.ended([revokedFamily]);
    return result;
  }

  /**
   * The successor already handed out for `token`, when `token` was rotated at most the grace
   * period ago and that successor is still the family's live newest token; otherwise undefined
   * (then presenting `token` is reuse: an older ancestor, or too late).
   */
  private async successorWithinGrace(
    trx: Kysely<Database>,
    token: string,
    current: { id: string; familyId: string; rotatedAt: Date | null },
    now: Date,
  ): Promise<IssuedRefreshToken | undefined> {
    const graceMs = this.config.REFRESH_REUSE_GRACE_SECONDS * 1000;
    if (!current.rotatedAt || now.getTime() - current.rotatedAt.getTime() > graceMs) return;
    const successor = await trx
      .selectFrom('refreshTokens')
      .select(['tokenHash', 'expiresAt', 'rotatedAt', 'revokedAt'])
      // By family first: that is indexed, and a family is one sign-in's handful of tokens.
      .where('familyId', '=', current.familyId)
      .where('parentId', '=', current.id)
      .forUpdate()
      .executeTakeFirst();
    if (!successor || successor.rotatedAt || successor.revokedAt) return;
    if (successor.expiresAt.getTime() <= now.getTime()) return;
    const again = this.successorOf(token);
    // Derived from a key that has since changed (a new JWT_SECRET): not the token handed out.
    if (!timingSafeEqual(again.hash, successor.tokenHash)) return;
    return { token: again.token, expiresAt: successor.expiresAt, familyId: current.familyId };
  }

  private successorOf(token: string): { token: string; hash: Buffer } {
    const successor = createHmac('sha256', this.successorKey).update(token).digest('base64url');
    return { token: successor, hash: hashSecretToken(successor) };
  }

  /** Logout: the presented token's family stops working. Unknown tokens are ignored. */
  async revokeFamilyOf(token: string): Promise<void> {
    const current = await this.db
      .selectFrom('refreshTokens')
      .select('familyId')
      .where('tokenHash', '=', hashSecretToken(token))
      .executeTakeFirst();
    if (current) {
      await this.revokeFamily(current.familyId);
      await this.sessions.ended([current.familyId]);
    }
  }

  /** Logout by an access token: its session (the user's family) stops working. */
  async endSession(familyId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('refreshTokens')
      .set({ revokedAt: sql`now()` })
      .where('familyId', '=', familyId)
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .execute();
    await this.sessions.ended([familyId]);
  }

  /**
   * Every session of the user, in the caller's transaction: the families revoked, to be handed to
   * `sessionsEnded` once it commits.
   */
  async revokeAllOfUser(userId: string, db: Kysely<Database>): Promise<string[]> {
    const revoked = await db
      .updateTable('refreshTokens')
      .set({ revokedAt: sql`now()` })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .returning('familyId')
      .execute();
    return [...new Set(revoked.map((row) => row.familyId))];
  }

  sessionsEnded(familyIds: readonly string[]): Promise<void> {
    return this.sessions.ended(familyIds);
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
    { token, hash }: { token: string; hash: Buffer },
    now: Date,
  ): Promise<IssuedRefreshToken> {
    const expiresAt = new Date(
      now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000,
    );
    await db
      .insertInto('refreshTokens')
      .values({ id: uuidv7(), ...row, tokenHash: hash, expiresAt })
      .execute();
    return { token, expiresAt, familyId: row.familyId };
  }
}
