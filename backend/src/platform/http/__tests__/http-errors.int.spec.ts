import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Controller, Get, Module } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import pino from 'pino';
import { ServiceUnavailableError } from '../../errors/domain-error';
import { AllExceptionsFilter } from '../all-exceptions.filter';
import { COMPRESS_MIN_BYTES } from '../compress-json';
import { expectRefusal } from '../../../../../test/support/api';
import { apiFixture } from '../../../../../test/support/api-fixture';

/** The headers of a client that accepts `encoding`, or of one that accepts none. */
const accepting = (encoding?: string) => (encoding ? { 'accept-encoding': encoding } : {});

describe('HTTP errors (real app)', () => {
  // Without the SPA (a built one would answer unrouted paths through its wildcard route).
  const testApp = apiFixture({ BODY_LIMIT_BYTES: '2048', STATIC_DIR: '/nao/existe' });

  const postJson = (url: string, payload: string) =>
    testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it('answers unknown /api routes with a pt-BR 404 JSON', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expectRefusal(response, 404, 'not_found', 'Recurso não encontrado');
  });

  it('refuses an oversized body with 413 and a pt-BR message', async () => {
    const response = await postJson('/api/health', JSON.stringify({ filler: 'x'.repeat(5000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'O corpo da requisição é grande demais.',
    });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await postJson('/api/nao-existe', '{"a":');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_json');
  });

  it("answers Fastify's own refusals in the app's shape, in pt-BR, without echoing the URL", async () => {
    const badEncoding = await testApp.app.inject({ method: 'GET', url: '/api/students/%E0%A4%A' });
    expectRefusal(badEncoding, 400, 'bad_url', 'Endereço inválido: a URL contém uma codificação inválida.');
    expect(badEncoding.headers['x-request-id']).toBeDefined();

    const longParameter = `/api/students/${'a'.repeat(500)}`;
    const tooLong = await testApp.app.inject({ method: 'GET', url: longParameter });
    expectRefusal(tooLong, 414, 'uri_too_long', 'O endereço da requisição é longo demais.');
    expect(tooLong.body).not.toContain('aaaa');

    // Headers over the parser's limit never reach Fastify's router: the connection's own answer.
    await testApp.app.listen(0, '127.0.0.1');
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    const tooLarge = await new Promise<{ statusCode: number; json: () => unknown }>((resolve, reject) => {
      const sent = request({ port, path: '/api/health/live', headers: { 'x-grande': 'y'.repeat(20_000) } }, (answer) => {
        let body = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => resolve({ statusCode: answer.statusCode ?? 0, json: () => JSON.parse(body) }));
      });
      sent.on('error', reject).end();
    });
    expectRefusal(tooLarge, 431, 'headers_too_large', 'Os cabeçalhos da requisição são grandes demais.');

    for (const contentType of ['application/xml', 'application/x-www-form-urlencoded']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: 'email=a',
      });
      expectRefusal(response, 415, 'unsupported_media_type', 'Envie o corpo como JSON (application/json).');
    }
  });

  it('takes an empty body sent as application/json as no body (logout, refresh)', async () => {
    const logout = await postJson('/api/auth/logout', '');
    expect(logout.statusCode).toBe(204);
    const refresh = await postJson('/api/auth/refresh', ' \n');
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().code).toBe('invalid_refresh_token');
    const login = await postJson('/api/auth/login', '');
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      code: 'validation_error',
      message: "Campo 'E-mail' é obrigatório",
    });
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

  it('sends a large JSON answer compressed to a client that accepts it, a small one as it is', async () => {
    const document = (encoding?: string) =>
      testApp.app.inject({ method: 'GET', url: '/api/docs-json', headers: accepting(encoding) });
    const plain = await document();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const brotli = await document('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzip = await document('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const small = await testApp.app.inject({ method: 'GET', url: '/api/nao-existe', headers: accepting('br') });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(expect.objectContaining({ statusCode: 404 }));
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

const INDEX_HTML = '<!doctype html><title>Vira</title>';

describe('the built SPA next to the API', () => {
  let spaDirectory: string;

  beforeAll(async () => {
    spaDirectory = mkdtempSync(path.join(tmpdir(), 'vira-spa-'));
    mkdirSync(path.join(spaDirectory, 'assets'));
    writeFileSync(path.join(spaDirectory, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(spaDirectory, 'assets', 'index-abc123.js'), 'console.log(1);');
    // What the build writes beside its files (frontend/build/precompress.ts).
    for (const [file, content] of [['index.html', INDEX_HTML], ['assets/index-abc123.js', 'console.log(1);']]) {
      writeFileSync(path.join(spaDirectory, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(spaDirectory, `${file}.gz`), gzipSync(content));
    }
  });
  afterAll(() => rmSync(spaDirectory, { recursive: true, force: true }));
  const testApp = apiFixture(() => ({ STATIC_DIR: spaDirectory }));

  const get = (url: string, encoding?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: accepting(encoding) });

  it('serves client routes the SPA, and hashed assets for a year', async () => {
    const route = await get('/agenda');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip copy the build wrote to a browser that accepts it, the file itself otherwise', async () => {
    const asset = (encoding?: string) => get('/assets/index-abc123.js', encoding);
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1);');
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1);');
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
    // A client route gets the SPA's page, compressed the same way.
    const route = await get('/agenda', 'br');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers a missing file under /assets/ (or a missing script) with a 404, never the SPA', async () => {
    for (const url of [
      '/assets/index-old999.js',
      '/assets/index-old999.js?v=2',
      '/assets/index-old999.css',
      '/assets/logo.png',
      '/sw.js',
    ]) {
      const response = await get(url);
      expectRefusal(response, 404, 'not_found', 'Recurso não encontrado');
      expect(response.headers['content-type']).not.toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers an over-long path parameter in the app shape without echoing it (through the SPA wildcard)', async () => {
    const response = await get(`/api/students/${'a'.repeat(500)}`);
    expect([404, 414]).toContain(response.statusCode);
    expect(response.json()).toEqual(expect.objectContaining({ statusCode: response.statusCode }));
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message', 'statusCode']);
    expect(response.body).not.toContain('aaaa');
  });

  it('never stores API answers in a cache (public ones too), but leaves the SPA files to their own rules', async () => {
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/nao-existe')).headers['cache-control']).toBe('no-store');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
  });
});

@Controller('boom')
class BoomController {
  @Get()
  explode(): never {
    throw new Error('segredo interno: senha=123');
  }

  @Get('database')
  databaseAway(): never {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }

  @Get('redis')
  redisAway(): never {
    throw new ServiceUnavailableError();
  }
}
@Module({ controllers: [BoomController] })
class BoomModule {}

/** The app with only BoomController and the exception filter, and the lines the filter logs. */
async function boomApp() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const moduleRef = await Test.createTestingModule({ imports: [BoomModule] }).compile();
  const app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter(false, logger));
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const get = (url: string) => app.getHttpAdapter().getInstance().inject({ method: 'GET', url });
  return { app, get, lines };
}

describe('unhandled errors', () => {
  it('log a deliberate 503 (database_unavailable, service_unavailable) as a warning naming its code, without a stack', async () => {
    const { app, get, lines } = await boomApp();
    expect((await get('/api/boom/database')).json().code).toBe('database_unavailable');
    expect((await get('/api/boom/redis')).json().code).toBe('service_unavailable');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({ level: 40, reqId: expect.any(String), code: 'database_unavailable' }),
      expect.objectContaining({ level: 40, reqId: expect.any(String), code: 'service_unavailable' }),
    ]);
    for (const record of logged) {
      expect(record).not.toHaveProperty('err');
      expect(record.msg).not.toBe('erro interno');
    }
    await app.close();
  });

  it('answer 500 without a stack trace or the internal message, which go to the log with the request id', async () => {
    const { app, get, lines } = await boomApp();
    const response = await get('/api/boom');
    expectRefusal(response, 500, 'internal_error', 'Ocorreu um erro inesperado.');
    expect(response.body).not.toContain('segredo');
    expect(response.body).not.toContain('at ');
    const logged = lines.map(
      (line) => JSON.parse(line) as { level: number; reqId: string; err: { stack: string } },
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, reqId: expect.any(String) });
    expect(logged[0].err.stack).toContain('segredo interno: senha=123');
    await app.close();
  });
});
