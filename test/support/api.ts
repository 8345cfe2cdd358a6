import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DATABASE, type Db } from '../../backend/src/platform/database/database.module';

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

export async function countEvents(app: NestFastifyApplication, tenantId?: string): Promise<number> {
  let query = app.get<Db>(DATABASE).selectFrom('events');
  // A tenant's own: another suite's worker of this jest process may still be appending its own.
  if (tenantId) query = query.where('tenantId', '=', tenantId);
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The app's answer to a refusal: `statusCode`, with a body of exactly it, `code` and `message`. */
export function expectRefusal(
  response: { statusCode: number; json: () => unknown },
  statusCode: number,
  code: string,
  message: string,
): void {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toEqual({ statusCode, code, message });
}
