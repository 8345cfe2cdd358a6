import type { AddressInfo } from 'node:net';
import type Redis from 'ioredis';
import type { Pool } from 'pg';
import { createTestApp } from '../../../../../test/support/test-app';
import { PG_POOL } from '../../database/database.module';
import { REDIS } from '../../queue/queue.module';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, stops accepting new ones, and closes the pool and Redis', async () => {
    const { app } = await createTestApp();
    // A request that is still being served when shutdown begins.
    app
      .getHttpAdapter()
      .getInstance()
      .get('/slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { done: true };
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.getHttpServer().address() as AddressInfo;
    const pool = app.get<Pool>(PG_POOL);
    const redis = app.get<Redis>(REDIS);

    let served = 0;
    app.getHttpServer().on('request', () => served++);
    const inFlight = Promise.all([1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/slow`)));
    while (served < 3) await new Promise((resolve) => setTimeout(resolve, 10));

    const closing = app.close();
    const responses = await inFlight;
    await closing;

    expect(await Promise.all(responses.map((response) => response.json()))).toEqual([
      { done: true },
      { done: true },
      { done: true },
    ]);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    expect((pool as Pool & { ended: boolean }).ended).toBe(true);
    expect(redis.status).toBe('end');
  });
});
