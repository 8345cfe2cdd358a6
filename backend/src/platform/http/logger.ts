import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { PlatformConfig } from '../../config/config';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Keeps a caller's request id when it is safe to log, otherwise makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** A JSON log record as one line a developer reads: time, level, service, what happened. */
export function readableLine(record: Record<string, unknown>): string {
  const { level, time, msg, service, req, res, responseTime, err, reqId, ...rest } = record as {
    level: number;
    time: number;
    msg?: string;
    service?: string;
    req?: { method?: string; url?: string };
    res?: { statusCode?: number };
    responseTime?: number;
    err?: { message?: string; stack?: string };
    reqId?: string;
    [key: string]: unknown;
  };
  delete rest.pid;
  delete rest.hostname;
  delete rest.context;
  const clock = new Date(time).toISOString().slice(11, 23);
  const parts = [clock, LEVEL_NAMES[level] ?? String(level), service ?? ''];
  if (req && res) {
    parts.push(`${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime ?? 0)} ms`);
  } else if (msg) {
    parts.push(msg);
  }
  if (Object.keys(rest).length > 0) parts.push(JSON.stringify(rest));
  if (reqId && !(req && res)) parts.push(`[${reqId}]`);
  const stack = err ? `\n${err.stack ?? err.message}` : '';
  return `${parts.filter(Boolean).join(' ')}${stack}\n`;
}

/** JSON in production (one object per line, for the log pipeline); readable lines elsewhere. */
export function logDestination(
  config: Pick<PlatformConfig, 'NODE_ENV'>,
  output: NodeJS.WritableStream = process.stdout,
): DestinationStream {
  if (config.NODE_ENV === 'production') return pino.destination({ fd: 1, sync: false });
  return { write: (line: string) => void output.write(readableLine(JSON.parse(line))) };
}

/** The worker's logger: the same destination rules as the API's. */
export function processLogger(config: PlatformConfig, service: string): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service } }, logDestination(config));
}

/**
 * Every line written while serving a request carries its `reqId` (Fastify's request id). A
 * request is logged as method, URL, status and time: never its headers (tokens, cookies, noise).
 */
export function loggerParams(config: PlatformConfig): Params {
  return {
    pinoHttp: [
      {
        level: config.LOG_LEVEL,
        customProps: () => ({ service: 'api' }),
        serializers: {
          req: (request: IncomingMessage & { id?: string }) => ({
            id: request.id,
            method: request.method,
            url: request.url,
          }),
          res: (response: ServerResponse) => ({ statusCode: response.statusCode }),
        },
        autoLogging: {
          ignore: (request: IncomingMessage & { originalUrl?: string }) =>
            (request.originalUrl ?? request.url ?? '').startsWith('/api/health'),
        },
      },
      logDestination(config),
    ],
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  };
}
