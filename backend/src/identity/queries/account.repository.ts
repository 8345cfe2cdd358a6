import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { Me } from '../../contracts/identity/api';
import type {
  PublicTrainers,
  StudentAccounts,
  TrainerContacts,
  TrainerOfStudent,
} from '../../contracts/identity/ports';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { personalDataVault } from '../../platform/personal-data/vault';
import {
  EmailAlreadyRegisteredError,
  StudentHasAccountError,
  UserAlreadyRegisteredError,
} from '../domain/identity.errors';
import { slugCandidate, slugFromName } from '../domain/slug';

export interface AccountCredentials {
  userId: string;
  passwordHash: string;
  emailConfirmedAt: Date | null;
}

export interface NewTrainerAccount {
  userId: string;
  tenantId: string;
  slug: string;
  nome: string;
  email: string;
  telefone?: string;
  cpf?: string;
  dataNascimento?: string;
  emailConfirmedAt: Date | null;
}

export interface NewStudentAccount {
  userId: string;
  tenantId: string;
  studentId: string;
  nome: string;
  email: string;
  cpf?: string;
  telefone?: string;
}

/** Another sign-up took this slug between our read and our write: pick the next one. */
export class SlugTaken extends Error {}

const MAX_SLUG_ATTEMPTS = 50;

/**
 * The account tables (users, credentials, identities, roles, profiles, tenants): ordinary tables,
 * never events, since they hold credentials. The only code of identity that reads or writes them.
 */
@Injectable()
export class AccountRepository implements StudentAccounts, TrainerContacts, PublicTrainers {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  findCredentialsByEmail(email: string): Promise<AccountCredentials | undefined> {
    return this.db
      .selectFrom('users')
      .innerJoin('passwordCredentials', 'passwordCredentials.userId', 'users.id')
      .select(['users.id as userId', 'passwordCredentials.passwordHash', 'users.emailConfirmedAt'])
      .where('users.email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** The user's password hash; undefined for an account that only signs in with a provider. */
  async passwordHashOf(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('passwordCredentials')
      .select('passwordHash')
      .where('userId', '=', userId)
      .executeTakeFirst();
    return row?.passwordHash;
  }

  /** Whether `email` had an account that was closed (kept as a keyed digest, not the address). */
  async wasClosed(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('closedAccounts')
      .select('closedAt')
      .where('emailDigest', '=', personalDataVault.digest(email))
      .executeTakeFirst();
    return row !== undefined;
  }

  findUserByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async findEmail(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.email;
  }

  /** Role and tenant a user signs in with; a trainer's role wins over a student's. */
  async sessionUser(userId: string): Promise<AuthUser | undefined> {
    const row = await this.db
      .selectFrom('profiles')
      .innerJoin('userRoles', 'userRoles.userId', 'profiles.id')
      .leftJoin('studentAccounts', 'studentAccounts.userId', 'profiles.id')
      .select([
        'profiles.id as userId',
        'profiles.tenantId',
        'userRoles.role',
        'studentAccounts.studentId',
      ])
      .where('profiles.id', '=', userId)
      .orderBy(sql`user_roles.role = 'personal'`, 'desc')
      .executeTakeFirst();
    if (!row) return undefined;
    const { studentId, ...user } = row;
    return user.role === 'aluno' && studentId ? { ...user, studentId } : user;
  }

  /** The signed-in user's view, only within the tenant of their token: another tenant yields nothing. */
  async me(user: AuthUser): Promise<Me | undefined> {
    const row = await this.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.id')
      .innerJoin('tenants', 'tenants.id', 'profiles.tenantId')
      .innerJoin('userRoles', (join) =>
        join.onRef('userRoles.userId', '=', 'profiles.id').on('userRoles.role', '=', user.role),
      )
      .leftJoin('financialOnboarding', (join) =>
        join
          .onRef('financialOnboarding.tenantId', '=', 'profiles.tenantId')
          .on('financialOnboarding.completedAt', 'is not', null),
      )
      .select([
        'users.id',
        'users.email',
        'profiles.nome',
        'userRoles.role',
        'profiles.tenantId',
        'tenants.slug as tenantSlug',
        'financialOnboarding.id as onboardingId',
      ])
      .where('profiles.id', '=', user.userId)
      .where('profiles.tenantId', '=', user.tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { onboardingId, ...me } = row;
    return { ...me, onboardingRequired: row.role === 'personal' && onboardingId === null };
  }

  /**
   * The first slug of the name that no tenant has yet ('ana-souza', 'ana-souza-2', ...). Only a
   * guess: `createTrainerAccount` claims it, and throws SlugTaken when a concurrent sign-up won.
   */
  async freeSlug(nome: string): Promise<string> {
    const base = slugFromName(nome);
    const taken = new Set(
      (
        await this.db
          .selectFrom('tenants')
          .select('slug')
          .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
          .execute()
      ).map((row) => row.slug),
    );
    for (let attempt = 1; attempt <= taken.size + MAX_SLUG_ATTEMPTS; attempt++) {
      const slug = slugCandidate(base, attempt);
      if (!taken.has(slug)) return slug;
    }
    throw new Error(`nenhum slug livre para '${base}'`);
  }

  /**
   * User, tenant (claiming its slug), role `personal` and profile. A concurrent sign-up with the
   * same e-mail or slug makes these inserts wait for it; if it committed, this one is refused.
   */
  async createTrainerAccount(
    trx: Transaction<Database>,
    account: NewTrainerAccount,
  ): Promise<void> {
    if (!(await this.claimEmail(trx, account, account.emailConfirmedAt)))
      throw new UserAlreadyRegisteredError();
    const tenant = await trx
      .insertInto('tenants')
      .values({ id: account.tenantId, slug: account.slug, nome: account.nome })
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!tenant) throw new SlugTaken();
    await this.addProfile(trx, account, 'personal');
  }

  /**
   * A student's account in the trainer's tenant: user, role `aluno`, profile and which student it
   * is. The e-mail and the student each have at most one account (unique constraints).
   */
  async createStudentAccount(
    trx: Transaction<Database>,
    account: NewStudentAccount,
  ): Promise<void> {
    if (!(await this.claimEmail(trx, account, null))) throw new EmailAlreadyRegisteredError();
    const student = await trx
      .insertInto('studentAccounts')
      .values({ userId: account.userId, tenantId: account.tenantId, studentId: account.studentId })
      .onConflict((conflict) => conflict.columns(['tenantId', 'studentId']).doNothing())
      .returning('userId')
      .executeTakeFirst();
    if (!student) throw new StudentHasAccountError();
    await this.addProfile(trx, account, 'aluno');
  }

  /** The new account's user; false when its e-mail has one already (a concurrent sign-up's too). */
  private async claimEmail(
    trx: Transaction<Database>,
    account: { userId: string; email: string },
    emailConfirmedAt: Date | null,
  ): Promise<boolean> {
    const user = await trx
      .insertInto('users')
      .values({ id: account.userId, email: account.email, emailConfirmedAt })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return user !== undefined;
  }

  /** The new account's role and profile. */
  private async addProfile(
    trx: Transaction<Database>,
    account: Omit<NewTrainerAccount, 'slug' | 'emailConfirmedAt'>,
    role: 'personal' | 'aluno',
  ): Promise<void> {
    await trx.insertInto('userRoles').values({ userId: account.userId, role }).execute();
    await trx
      .insertInto('profiles')
      .values({
        id: account.userId,
        tenantId: account.tenantId,
        nome: account.nome,
        email: account.email,
        telefone: account.telefone ?? null,
        cpf: account.cpf ?? null,
        dataNascimento: account.dataNascimento ?? null,
      })
      .execute();
  }

  async documentsOf(userId: string): Promise<{ cpf: string | null; telefone: string | null }> {
    const profile = await this.db
      .selectFrom('profiles')
      .select(['cpf', 'telefone'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return { cpf: profile?.cpf ?? null, telefone: profile?.telefone ?? null };
  }

  async studentHasAccount(tenantId: string, studentId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('studentAccounts')
      .select('userId')
      .where('tenantId', '=', tenantId)
      .where('studentId', '=', studentId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The trainers' profiles (a tenant's first by id is its trainer). */
  private trainerProfiles() {
    return this.db
      .selectFrom('profiles')
      .innerJoin('userRoles', (join) =>
        join.onRef('userRoles.userId', '=', 'profiles.id').on('userRoles.role', '=', 'personal'),
      );
  }

  /** The trainer of a tenant, as students and visitors see them. */
  async trainerOf(tenantId: string): Promise<TrainerOfStudent | undefined> {
    return this.trainerProfiles()
      .innerJoin('tenants', 'tenants.id', 'profiles.tenantId')
      .select(['profiles.nome', 'tenants.slug', 'profiles.telefone'])
      .where('profiles.tenantId', '=', tenantId)
      .orderBy('profiles.id')
      .executeTakeFirst();
  }

  /** The trainer whose tenant has exactly this slug (the public booking page). */
  async bySlug(slug: string): Promise<{ tenantId: string; nome: string } | undefined> {
    return this.trainerProfiles()
      .innerJoin('tenants', 'tenants.id', 'profiles.tenantId')
      .select(['tenants.id as tenantId', 'profiles.nome'])
      .where('tenants.slug', '=', slug)
      .orderBy('profiles.id')
      .executeTakeFirst();
  }

  /** The trainer's name and sign-in e-mail (never shown to students: only for mail to the trainer). */
  async contactOf(
    tenantId: string,
  ): Promise<{ nome: string; email: string; cpf: string | null } | undefined> {
    return this.trainerProfiles()
      .innerJoin('users', 'users.id', 'profiles.id')
      .select(['profiles.nome', 'users.email', 'profiles.cpf'])
      .where('profiles.tenantId', '=', tenantId)
      .orderBy('profiles.id')
      .executeTakeFirst();
  }

  async setPassword(
    trx: Transaction<Database>,
    userId: string,
    passwordHash: string,
  ): Promise<void> {
    await trx
      .insertInto('passwordCredentials')
      .values({ userId, passwordHash })
      .onConflict((conflict) =>
        conflict.column('userId').doUpdateSet({ passwordHash, updatedAt: sql`now()` }),
      )
      .execute();
  }

  /** The mailbox is proven (a link was followed, a provider vouched for it). */
  async confirmEmail(trx: Transaction<Database>, userId: string): Promise<void> {
    await trx
      .updateTable('users')
      .set({ emailConfirmedAt: sql`coalesce(email_confirmed_at, now())` })
      .where('id', '=', userId)
      .execute();
  }

  async userLinkedTo(provider: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('userIdentities')
      .select('userId')
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.userId;
  }

  async linkIdentity(
    trx: Transaction<Database>,
    identity: { provider: string; subject: string; userId: string; email: string },
  ): Promise<void> {
    await trx.insertInto('userIdentities').values(identity).execute();
  }

  /** Links a provider account to the user with that (provider-verified) e-mail, if there is one. */
  linkIdentityByEmail(
    provider: string,
    subject: string,
    email: string,
  ): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (!existing) return undefined;
      await this.linkIdentity(trx, { provider, subject, userId: existing.id, email });
      await this.confirmEmail(trx, existing.id);
      return existing.id;
    });
  }

  /** Runs `work` in a transaction of the account tables. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
