import { startTestApp } from '../../../../../test/support/test-app';

describe('GET /api/health', () => {
  it('answers ok when PostgreSQL and Redis answer', async () => {
    const testApp = await startTestApp();
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        postgres: 'ok',
        redis: 'ok',
        projections: expect.objectContaining({
          students: {
            position: expect.any(Number),
            behind: expect.any(Number),
            lagMs: expect.any(Number),
          },
        }),
      });
    } finally {
      await testApp.close();
    }
  });

  it('answers 503 naming PostgreSQL when it is down', async () => {
    const testApp = await startTestApp({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/vira' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', postgres: 'down', redis: 'ok' });
    } finally {
      await testApp.close();
    }
  });

  it('answers 503 naming Redis when it is down', async () => {
    const testApp = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'error', postgres: 'ok', redis: 'down' });
    } finally {
      await testApp.close();
    }
  });
});
