import { Controller, Get, Module } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { AllExceptionsFilter } from '../all-exceptions.filter';
import { startTestApp, type TestApp } from '../../../../../test/support/test-app';

describe('HTTP errors (real app)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => testApp.close());

  it('answers unknown /api routes with a pt-BR 404 JSON', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'Recurso não encontrado',
    });
  });

  it('refuses an oversized body with 413 and a pt-BR message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(5000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'O corpo da requisição é grande demais.',
    });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/nao-existe',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_json');
  });

  it('sets security headers and echoes a safe request id', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b\nc' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps CORS closed by default', async () => {
    const response = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs-json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/health');
    const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

@Controller('boom')
class BoomController {
  @Get()
  explode(): never {
    throw new Error('segredo interno: senha=123');
  }
}
@Module({ controllers: [BoomController] })
class BoomModule {}

describe('unhandled errors', () => {
  it('answer 500 without a stack trace or the internal message', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [BoomModule] }).compile();
    const app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new AllExceptionsFilter(false));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const response = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'Ocorreu um erro inesperado.',
    });
    expect(response.body).not.toContain('segredo');
    expect(response.body).not.toContain('at ');
    await app.close();
  });
});
