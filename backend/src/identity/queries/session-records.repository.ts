import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { AuthUser } from '../../platform/auth/auth-user';
import { type Principals, SessionRecords } from '../../platform/auth/live-sessions';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';

/**
 * A session is live while its refresh-token family has a token neither revoked nor expired, and
 * its user still exists here with that tenant and role: a token signed with the same secret by
 * another installation names users and tenants this one does not have.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class SessionRecordsRepository implements SessionRecords {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async isLive(sessionId: string, user: AuthUser): Promise<boolean> {
    // Ids of no row at all (and that PostgreSQL would refuse to compare with a uuid).
    if (![sessionId, user.userId, user.tenantId].every((id) => UUID.test(id))) return false;
    const row = await this.db
      .selectFrom('refreshTokens')
      .innerJoin('profiles', 'profiles.id', 'refreshTokens.userId')
      .innerJoin('tenants', 'tenants.id', 'profiles.tenantId')
      .innerJoin('userRoles', 'userRoles.userId', 'profiles.id')
      .select(sql<number>`1`.as('live'))
      .where('refreshTokens.familyId', '=', sessionId)
      .where('refreshTokens.userId', '=', user.userId)
      .where('refreshTokens.revokedAt', 'is', null)
      .where('refreshTokens.expiresAt', '>', sql<Date>`now()`)
      .where('profiles.tenantId', '=', user.tenantId)
      .where('userRoles.role', '=', user.role)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async revokeAll(principals: Principals, trx: Transaction<Database>): Promise<string[]> {
    if ('userIds' in principals && principals.userIds.length === 0) return [];
    const revoked = await trx
      .updateTable('refreshTokens')
      .set({ revokedAt: sql`now()` })
      .where('revokedAt', 'is', null)
      .where((eb) =>
        'tenantId' in principals
          ? eb.or([
              eb(
                'userId',
                'in',
                eb
                  .selectFrom('profiles')
                  .select('profiles.id')
                  .where('profiles.tenantId', '=', principals.tenantId),
              ),
              eb(
                'userId',
                'in',
                eb
                  .selectFrom('studentAccounts')
                  .select('studentAccounts.userId')
                  .where('studentAccounts.tenantId', '=', principals.tenantId),
              ),
            ])
          : eb('userId', '=', eb.fn.any(eb.val([...principals.userIds]))),
      )
      .returning('familyId')
      .execute();
    return [...new Set(revoked.map((row) => row.familyId))];
  }
}
