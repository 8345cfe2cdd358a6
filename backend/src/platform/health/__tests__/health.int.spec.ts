import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newPrincipal } from '../../../../../test/support/accounts';
import { waitUntil } from '../../../../../test/support/processes';
import { beatAsTheWorker, projectAll } from '../../../../../test/support/projections';
import { startTestApp, type TestApp } from '../../../../../test/support/test-app';
import { DATABASE, type Db } from '../../database/database.module';
import { PROJECTION_LAG_LIMIT_MS } from '../health.service';

const healthOf = (testApp: TestApp, token?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const livenessOf = (testApp: TestApp) =>
  testApp.app.inject({ method: 'GET', url: '/api/health/live' });

/** The health of an app started with `env` (a service down), whose liveness still answers 200. */
async function healthWith(env: NodeJS.ProcessEnv) {
  const testApp = await startTestApp(env);
  try {
    const response = await healthOf(testApp);
    expect((await livenessOf(testApp)).statusCode).toBe(200);
    return response;
  } finally {
    await testApp.close();
  }
}

describe('GET /api/health', () => {
  describe('with PostgreSQL and Redis answering and a worker at work', () => {
    let testApp: TestApp;
    let heartbeat: ReturnType<typeof beatAsTheWorker>;
    // The worker's heartbeat, beating from this process: the projections run here too.
    const startHeartbeat = () => beatAsTheWorker(testApp.app);
    /** The report with its details: a trainer's token asks. */
    let trainerToken: string;
    const health = () => healthOf(testApp, trainerToken);
    beforeAll(async () => {
      testApp = await startTestApp();
      trainerToken = (await newPrincipal(testApp.app)).token;
      heartbeat = startHeartbeat();
    });
    afterAll(async () => {
      await heartbeat.stop();
      await testApp.close();
    });

    it('answers ok, with each read model’s lag, when the read models are current', async () => {
      await projectAll(testApp.app);
      const response = await health();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        postgres: 'ok',
        redis: 'ok',
        worker: 'ok',
        projections: expect.objectContaining({
          students: {
            position: expect.any(Number),
            behind: expect.any(Number),
            lagMs: expect.any(Number),
          },
        }),
      });
    });

    it('tells anyone only the status, PostgreSQL and Redis: the worker and the read models need a trainer’s token', async () => {
      await projectAll(testApp.app);
      const student = await newPrincipal(testApp.app, 'aluno');
      for (const token of [undefined, student.token, 'nao.e.token']) {
        const response = await healthOf(testApp, token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
      }
      expect(Object.keys((await health()).json())).toEqual(
        expect.arrayContaining(['worker', 'projections']),
      );
    });

    it('answers 503 degraded naming the read models whose oldest unapplied event of their own types is too old, and ok once they apply it', async () => {
      await projectAll(testApp.app);
      const db = testApp.app.get<Db>(DATABASE);
      await sql`
        insert into events (tenant_id, stream_type, stream_id, stream_version, event_type, data, metadata, occurred_at)
        values (${randomUUID()}::uuid, 'health-test', ${randomUUID()}::uuid, 1, 'NothingReadsThis', '{}'::jsonb, '{}'::jsonb,
                now() - ${`${PROJECTION_LAG_LIMIT_MS + 1_000} milliseconds`}::interval),
               (${randomUUID()}::uuid, 'plan', ${randomUUID()}::uuid, 1, 'PlanRemoved', '{}'::jsonb, '{}'::jsonb,
                now() - ${`${PROJECTION_LAG_LIMIT_MS + 1_000} milliseconds`}::interval)`.execute(
        db,
      );

      const degraded = await health();
      expect(degraded.statusCode).toBe(503);
      const body = degraded.json();
      expect(body).toMatchObject({ status: 'degraded', postgres: 'ok', redis: 'ok', worker: 'ok' });
      // Only the one that reads plan events: an event no read model folds leaves them all current.
      expect(body.lagging).toEqual(['plans']);
      expect(body.projections.plans.lagMs).toBeGreaterThan(PROJECTION_LAG_LIMIT_MS);
      // Liveness says nothing of it: restarting the process would not help.
      const live = await livenessOf(testApp);
      expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);

      await projectAll(testApp.app);
      const ok = await health();
      expect([ok.statusCode, ok.json().status, ok.json().lagging]).toEqual([200, 'ok', undefined]);
    });

    it('answers 503 degraded, worker down, while no worker is at work, and ok once one is again', async () => {
      await projectAll(testApp.app);
      await heartbeat.stop();
      const away = await health();
      expect(away.statusCode).toBe(503);
      expect(away.json()).toMatchObject({
        status: 'degraded',
        postgres: 'ok',
        redis: 'ok',
        worker: 'down',
      });
      expect((await livenessOf(testApp)).statusCode).toBe(200);

      heartbeat = startHeartbeat();
      await waitUntil(async () => (await health()).statusCode === 200, 30_000, 'health ok');
      expect((await health()).json()).toMatchObject({ status: 'ok', worker: 'ok' });
    });
  });

  it('answers 503 naming PostgreSQL when it is down; liveness still answers 200', async () => {
    const response = await healthWith({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/vira' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', postgres: 'down', redis: 'ok' });
  });

  it('answers 503 naming Redis when it is down', async () => {
    const response = await healthWith({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', postgres: 'ok', redis: 'down' });
  });
});
