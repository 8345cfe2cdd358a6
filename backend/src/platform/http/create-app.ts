import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { type DynamicModule, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { IncomingMessage, Server } from 'node:http';
import { errorCodes, type FastifyHttpOptions, type FastifyRequest } from 'fastify';
import type { PlatformConfig } from '../../config/config';
import { REDIS } from '../queue/queue.module';
import { RedisIoAdapter } from '../realtime/redis-io.adapter';
import {
  AllExceptionsFilter,
  clientErrorHandler,
  frameworkErrorHandler,
} from './all-exceptions.filter';
import { compressJsonAnswer } from './compress-json';
import { openApiDocument } from './openapi-document';
import { findSpaDirectory } from './static-files';
import {
  logRequests,
  PinoNestLogger,
  processLogger,
  REQUEST_ID_HEADER,
  requestIdFor,
} from './logger';
import { unsafeInputProblem } from './safe-input';
import { securityHeaders } from './security-headers';
import { STALE_HEADER } from '../../contracts/shared/headers';

const CONTENT_SECURITY_POLICY = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  },
};

/** True for a body of only whitespace (checked up to the first other byte). */
function isBlank(body: Buffer | string): boolean {
  for (let index = 0; index < body.length; index++) {
    const byte = typeof body === 'string' ? body.charCodeAt(index) : body[index];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  }
  return true;
}

/** Past this many times the limit a client is not uploading by mistake: answered at once, connection closed. */
const DRAIN_FACTOR = 8;

/**
 * A JSON body up to `limit` bytes. One over it is still read to its end (its bytes dropped as they
 * come, never kept) before the 413 goes out: Fastify's own parser answered as soon as it saw the
 * length, and closed the connection while the client was still sending, so the client met a
 * reset (EPIPE) instead of the 413. Only a body past DRAIN_FACTOR times the limit is cut short.
 */
function readJsonBody(
  request: FastifyRequest,
  payload: IncomingMessage,
  limit: number,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  const tooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  const drainLimit = limit * DRAIN_FACTOR;
  if (Number(request.headers['content-length']) > drainLimit) {
    done(tooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
  };
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > drainLimit) {
      stop();
      done(tooLarge());
    } else if (received > limit) chunks.length = 0;
    else chunks.push(chunk);
  }
  function onEnd() {
    stop();
    if (received > limit) done(tooLarge());
    else done(null, Buffer.concat(chunks));
  }
  function onError(error: Error) {
    stop();
    done(error);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

/** Builds the HTTP application around `rootModule` exactly as production runs it; tests call this too. */
export async function createApp(
  rootModule: DynamicModule,
  config: PlatformConfig,
): Promise<NestFastifyApplication> {
  // Typed as the plain HTTP server's options: the adapter's union with HTTP/2's would type the
  // request as either kind.
  const options: FastifyHttpOptions<Server> = {
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Fastify's own refusals before routing (bad URL encoding, over-long parameters) and the HTTP
    // parser's (headers too large) in our shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  };
  const adapter = new FastifyAdapter(options);
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    bufferLogs: true,
    abortOnError: false,
  });
  const logger = processLogger(config, 'api');
  app.useLogger(new PinoNestLogger(logger));
  app.enableShutdownHooks();
  app.setGlobalPrefix('api', { exclude: [{ path: '/', method: RequestMethod.GET }] });

  const fastify = app.getHttpAdapter().getInstance();
  logRequests(fastify, logger);
  // Hooks in callback style: an async hook costs a promise per request on every route.
  const headers = securityHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY });
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // JSON only (no url-encoded forms). An empty body sent as application/json is no body at all
  // (clients send the header on every POST, logout and refresh included), not invalid JSON.
  // Registered through Nest (so it adds no parser of its own), then replaced by one that reads the
  // stream itself: see readJsonBody.
  app.useBodyParser('application/json', { bodyLimit: config.BODY_LIMIT_BYTES });
  fastify.removeContentTypeParser('application/json');
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', (request, payload, done) =>
    readJsonBody(request, payload, config.BODY_LIMIT_BYTES, (error, body) => {
      if (error || body === undefined) {
        done(error, undefined);
        return;
      }
      // The bytes as sent, for routes that check a signature over them (payment notifications).
      (request as FastifyRequest & { rawBody?: Buffer | string }).rawBody = body;
      if (isBlank(body)) {
        done(null, undefined);
        return;
      }
      parseJson(request, body.toString('utf8'), done);
    }),
  );
  // Once for every route, before any handler: text PostgreSQL cannot store (NUL, lone surrogates)
  // and absurd nesting, in the body, the query string or the path parameters, is a 400 naming the field.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const problem =
      unsafeInputProblem(request.params) ??
      unsafeInputProblem(request.query) ??
      unsafeInputProblem(request.body);
    done(problem);
  });
  // Requests still being served at shutdown answer with `Connection: close`, so their keep-alive
  // sockets end with the response instead of holding the close open for keepAliveTimeout.
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    // API answers are never stored by a browser or a proxy: they carry tokens (login, refresh),
    // personal data (/me, students, finances) or per-user state, and are cheap to ask again (the
    // SPA caches in memory). One rule for every /api answer — public or not, success or error —
    // leaves no route to forget; a route that may be cached says so with its own Cache-Control.
    if (
      request.url.startsWith('/api') &&
      !request.url.startsWith('/api/docs') &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  fastify.addHook('onSend', compressJsonAnswer);
  // The refresh token travels in an httpOnly cookie (identity).
  await app.register(fastifyCookie);
  if (config.CORS_ORIGINS.length > 0) {
    // The SPA on another origin reads X-Stale too (it asks a stale "not found" again).
    app.enableCors({
      origin: config.CORS_ORIGINS,
      credentials: true,
      exposedHeaders: [STALE_HEADER],
    });
  }

  const spaDirectory = findSpaDirectory(config.STATIC_DIR);
  if (spaDirectory) {
    await app.register(fastifyStatic, {
      root: spaDirectory,
      wildcard: true,
      // The build writes .br and .gz copies beside each file (frontend/build/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashedAsset = filePath.includes('/assets/');
        reply.header(
          'cache-control',
          hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.useGlobalFilters(new AllExceptionsFilter(spaDirectory !== undefined, logger));
  app.useWebSocketAdapter(new RedisIoAdapter(app, app.get(REDIS)));

  // The document is generated from the contracts (every operation, its answers and errors); Nest's
  // Swagger module only serves it, with its UI at /api/docs.
  const document = (await openApiDocument()) as unknown as OpenAPIObject;
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
  });
  return app;
}
