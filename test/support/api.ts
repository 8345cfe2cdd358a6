import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AccessTokenService } from '../../backend/src/platform/auth/access-token.service';
import type { AuthUser, Role } from '../../backend/src/platform/auth/auth-user';
import { DATABASE, type Db } from '../../backend/src/platform/database/database.module';

export interface Principal {
  userId: string;
  tenantId: string;
  role: Role;
  token: string;
}

/** A principal of a fresh tenant (a trainer unless told), with a real access token. */
export async function newPrincipal(
  app: NestFastifyApplication,
  role: Role = 'personal',
  tenantId: string = randomUUID(),
): Promise<Principal> {
  const user = { userId: randomUUID(), tenantId, role };
  return { ...user, token: await signedIn(app, user) };
}

/**
 * An access token of a live session for `user`, whose account (and tenant) is recorded here
 * first when missing: a token is only accepted for a user, tenant and session this database has.
 */
export async function signedIn(app: NestFastifyApplication, user: AuthUser): Promise<string> {
  const db = app.get<Db>(DATABASE);
  const email = `${user.userId}@teste.vira`;
  await db
    .insertInto('tenants')
    .values({ id: user.tenantId, slug: `teste-${user.tenantId}`, nome: 'Teste' })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('users')
    .values({ id: user.userId, email })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('profiles')
    .values({ id: user.userId, tenantId: user.tenantId, nome: 'Teste', email })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('userRoles')
    .values({ userId: user.userId, role: user.role })
    .onConflict((conflict) => conflict.columns(['userId', 'role']).doNothing())
    .execute();
  const familyId = randomUUID();
  await db
    .insertInto('refreshTokens')
    .values({
      id: randomUUID(),
      userId: user.userId,
      familyId,
      tokenHash: randomBytes(32),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })
    .execute();
  return app.get(AccessTokenService).sign(user, familyId);
}

/** Requests to the app as `principal`, through its whole HTTP stack (inject: no socket). */
export function http(app: NestFastifyApplication, principal: { token: string }) {
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${principal.token}`,
    ...extra,
  });
  return {
    get: (url: string, extra?: Record<string, string>) =>
      app.inject({ method: 'GET', url, headers: headers(extra) }),
    post: (url: string, payload?: unknown, extra?: Record<string, string>) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: headers(extra) }),
    put: (url: string, payload?: unknown, extra?: Record<string, string>) =>
      app.inject({ method: 'PUT', url, payload: payload as object, headers: headers(extra) }),
    patch: (url: string, payload?: unknown, extra?: Record<string, string>) =>
      app.inject({ method: 'PATCH', url, payload: payload as object, headers: headers(extra) }),
    delete: (url: string, extra?: Record<string, string>) =>
      app.inject({ method: 'DELETE', url, headers: headers(extra) }),
  };
}

export async function countEvents(app: NestFastifyApplication): Promise<number> {
  const row = await app
    .get<Db>(DATABASE)
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
