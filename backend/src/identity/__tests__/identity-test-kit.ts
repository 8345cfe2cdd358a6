import { createHmac } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/database/database';
import { DATABASE } from '../../platform/database/database.module';
import { REFRESH_COOKIE } from '../infrastructure/refresh-cookie';

import { GENEROUS_RATE_LIMITS, newTrainer, signUpBody } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';
import { onboardingData } from '../../../../test/support/spec-events';

export { GENEROUS_RATE_LIMITS, onboardingData, signUpBody };


export interface Client {
  app: NestFastifyApplication;
  address?: string;
}

export function post(
  client: Client,
  url: string,
  payload?: unknown,
  extra: { cookie?: string; token?: string } = {},
) {
  return client.app.inject({
    method: 'POST',
    url,
    remoteAddress: client.address,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: extra.token ? { authorization: `Bearer ${extra.token}` } : {},
    cookies: extra.cookie ? { [REFRESH_COOKIE]: extra.cookie } : {},
  });
}

export function getMe(client: Client, token: string) {
  return client.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${token}` },
  });
}

export function refreshCookieOf(response: {
  cookies: Array<{ name: string; value: string }>;
}): string | undefined {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)?.value;
}

export function databaseOf(app: NestFastifyApplication): Kysely<Database> {
  return app.get(DATABASE);
}

/** Signs claims with HS256 by hand, so tests can forge what the service never would. */
export function hs256(
  claims: Record<string, unknown>,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const encode = (part: Record<string, unknown>) =>
    Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The session (refresh-token family) an access token names. */
export function sessionOf(accessToken: string): string {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));
  return (claims as { ses: string }).ses;
}

export async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = [
    'users',
    'tenants',
    'profiles',
    'userRoles',
    'passwordCredentials',
    'emailTokens',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  const events = await sql<{ count: number }>`select count(*)::int as count from events`.execute(
    db,
  );
  counts.events = events.rows[0].count;
  return counts;
}

/**
 * The real app for identity tests (sign-in without e-mail confirmation, limits out of the way) for
 * a describe block, its client and its database (read when used: the app starts in beforeAll).
 */
export function identityFixture(overrides: Parameters<typeof apiFixture>[0] = {}) {
  const testApp = apiFixture(overrides);
  const client: Client = {
    get app() {
      return testApp.app;
    },
  };
  const db = new Proxy({} as Kysely<Database>, {
    get: (_, key) => {
      const real = databaseOf(testApp.app);
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
  return { testApp, client, db };
}

/** Signs a new trainer up and in from the client's address: the sign-up body, both answers and the refresh cookie. */
export const signUpAndLogin = (client: Client, overrides: Record<string, unknown> = {}) =>
  newTrainer(client.app, overrides, { address: client.address });
