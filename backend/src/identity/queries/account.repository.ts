import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { AuthUser } from '../../platform/auth/auth-user';
import { DATABASE, type Db } from '../../platform/database/database.module';

export interface AccountCredentials {
  userId: string;
  passwordHash: string;
  emailConfirmedAt: Date | null;
}

/** What GET /api/me answers (and sign-in/refresh return as `user`). */
export interface MeView {
  id: string;
  email: string;
  nome: string;
  role: AuthUser['role'];
  tenantId: string;
  tenantSlug: string;
  onboardingRequired: boolean;
}

/** Reads of the account tables (users, credentials, roles, profiles, tenants). */
@Injectable()
export class AccountRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  findCredentialsByEmail(email: string): Promise<AccountCredentials | undefined> {
    return this.db
      .selectFrom('users')
      .innerJoin('passwordCredentials', 'passwordCredentials.userId', 'users.id')
      .select(['users.id as userId', 'passwordCredentials.passwordHash', 'users.emailConfirmedAt'])
      .where('users.email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** Role and tenant a user signs in with; a trainer's role wins over a student's. */
  async sessionUser(userId: string): Promise<AuthUser | undefined> {
    const row = await this.db
      .selectFrom('profiles')
      .innerJoin('userRoles', 'userRoles.userId', 'profiles.id')
      .select(['profiles.id as userId', 'profiles.tenantId', 'userRoles.role'])
      .where('profiles.id', '=', userId)
      .orderBy(sql`user_roles.role = 'personal'`, 'desc')
      .executeTakeFirst();
    return row;
  }

  /** The signed-in user's view, only within the tenant of their token: another tenant yields nothing. */
  async me(user: AuthUser): Promise<MeView | undefined> {
    const row = await this.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.id')
      .innerJoin('tenants', 'tenants.id', 'profiles.tenantId')
      .innerJoin('userRoles', (join) =>
        join.onRef('userRoles.userId', '=', 'profiles.id').on('userRoles.role', '=', user.role),
      )
      .select([
        'users.id',
        'users.email',
        'profiles.nome',
        'userRoles.role',
        'profiles.tenantId',
        'tenants.slug as tenantSlug',
      ])
      .where('profiles.id', '=', user.userId)
      .where('profiles.tenantId', '=', user.tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    const onboardingRequired =
      row.role === 'personal' && !(await this.hasCompletedOnboarding(row.tenantId));
    return { ...row, onboardingRequired };
  }

  private async hasCompletedOnboarding(tenantId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('financialOnboarding')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('completedAt', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
