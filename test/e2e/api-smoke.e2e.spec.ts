import { expect, test } from '@playwright/test';

test.describe('API served with the SPA', () => {
  test('health answers ok against the real PostgreSQL and Redis', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', postgres: 'ok', redis: 'ok' });
  });

  test('unknown API routes answer JSON 404 in pt-BR, not the SPA', async ({ request }) => {
    const response = await request.get('/api/rota-inexistente');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', message: 'Recurso não encontrado' });
  });

  test('OpenAPI is published', async ({ request }) => {
    const response = await request.get('/api/docs-json');
    expect(response.ok()).toBeTruthy();
    expect((await response.json()).info.title).toBe('Vira API');
  });
});
