/**
 * Redis remembers what each principal wrote last, so their next read waits for it. While Redis is
 * away, and for a while after it comes back (empty, or without what was written meanwhile), it
 * cannot tell: the read then waits for everything committed so far, and says `X-Stale: true` when
 * the read model does not get there in time. No worker runs here: the test runs the projections.
 */
import { STALE_HEADER } from '../../backend/src/contracts/shared/headers';
import { newPrincipal } from '../support/accounts';
import { http, project } from '../../backend/src/students/__tests__/students-test-kit';
import { waitUntil } from '../support/processes';
import { hasRedisServer, PrivateRedis } from '../support/private-redis';
import { startTestApp, type TestApp } from '../support/test-app';

(hasRedisServer() ? describe : describe.skip)(
  'reading one’s own writes when Redis cannot say what they were',
  () => {
    let redis: PrivateRedis;
    let t: TestApp;

    beforeAll(async () => {
      redis = await PrivateRedis.start();
      t = await startTestApp({ REDIS_URL: redis.url });
    });
    afterAll(async () => {
      await t?.close();
      await redis?.down();
    });

    const redisAnswers = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/health' })).json().redis === 'ok';
    const names = (response: { json(): { items: { nome: string }[] } }) =>
      response.json().items.map((student) => student.nome);

    it('waits for everything committed while Redis is away, or says X-Stale', async () => {
      const api = http(t.app, await newPrincipal(t.app));
      await redis.down();
      await waitUntil(async () => !(await redisAnswers()), 30_000, 'the API to see Redis away');

      expect((await api.post('/api/students', { nome: 'Ana Souza' })).statusCode).toBe(201);
      const stale = await api.get('/api/students');
      expect(stale.statusCode).toBe(200);
      expect(stale.headers[STALE_HEADER]).toBe('true');
      expect(names(stale)).toEqual([]);

      const reading = api.get('/api/students');
      await project(t.app);
      const fresh = await reading;
      expect(fresh.headers[STALE_HEADER]).toBeUndefined();
      expect(names(fresh)).toEqual(['Ana Souza']);
    });

    it('does the same right after Redis comes back empty, without the writes made while it was away', async () => {
      const api = http(t.app, await newPrincipal(t.app));
      await redis.down();
      await waitUntil(async () => !(await redisAnswers()), 30_000, 'the API to see Redis away');
      expect((await api.post('/api/students', { nome: 'Bruno Lima' })).statusCode).toBe(201);
      await redis.up();
      await waitUntil(redisAnswers, 30_000, 'the API to see Redis back');

      const stale = await api.get('/api/students');
      expect(stale.headers[STALE_HEADER]).toBe('true');
      expect(names(stale)).toEqual([]);

      const reading = api.get('/api/students');
      await project(t.app);
      expect(names(await reading)).toEqual(['Bruno Lima']);
    });
  },
);
