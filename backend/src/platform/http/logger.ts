import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../../config/config';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Keeps a caller's request id when it is safe to log, otherwise makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** JSON logs; every line written while serving a request carries its `reqId` (Fastify's request id). */
export function loggerParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      customProps: () => ({ service: 'api' }),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      autoLogging: {
        ignore: (request: IncomingMessage & { originalUrl?: string }) =>
          (request.originalUrl ?? request.url ?? '').startsWith('/api/health'),
      },
    },
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  };
}
