import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
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

/**
 * Production's log lines wait in memory until this many bytes (about 20 request lines) are there:
 * written one by one, each was a write system call, a twentieth of the API's CPU on a list read.
 */
export const LOG_BUFFER_BYTES = 4096;
/** ...or until this long has passed: a quiet API's lines still reach the log within a second. */
export const LOG_FLUSH_MS = 1000;

/**
 * JSON in production (one object per line, for the log pipeline, written in batches and flushed
 * at exit); readable lines elsewhere.
 */
export function logDestination(
  config: Pick<PlatformConfig, 'NODE_ENV'>,
  output: NodeJS.WritableStream = process.stdout,
): DestinationStream {
  if (config.NODE_ENV === 'production')
    return pino.destination({
      fd: 1,
      sync: false,
      minLength: LOG_BUFFER_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    });
  return { write: (line: string) => void output.write(readableLine(JSON.parse(line))) };
}

/** The worker's logger: the same destination rules as the API's. */
export function processLogger(config: PlatformConfig, service: string): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service } }, logDestination(config));
}

/**
 * Each request as one line (method, URL, status, time; never its headers: tokens, cookies, noise),
 * written when the answer has gone, from a Fastify hook: no per-request child logger and no
 * async-context tracking, which cost every promise of every request. Health probes are not logged.
 */
export function logRequests(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith('/api/health')) {
      const record = {
        reqId: request.id,
        req: { id: request.id, method: request.method, url: request.url },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      };
      // A 503 is deliberate (the database or Redis away): a warning, not a failure of ours.
      if (reply.statusCode === 503) logger.warn(record, 'request unavailable');
      else if (reply.statusCode >= 500) logger.error(record, 'request failed');
      else logger.info(record, 'request completed');
    }
    done();
  });
}

type NestLevel = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/**
 * Nest's own lines (start-up, `new Logger(context)` in services) into the API's pino logger.
 * Nest passes the context last, and for errors a stack before it.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: NestLevel, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const context =
      params.length > 0 && typeof params.at(-1) === 'string'
        ? (params.at(-1) as string)
        : undefined;
    const stack =
      level === 'error' && params.length > 1 && typeof params[0] === 'string'
        ? params[0]
        : undefined;
    const fields = { context, ...(stack ? { err: { message: String(message), stack } } : {}) };
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null)
      this.logger[level]({ ...fields, ...message });
    else this.logger[level](fields, String(message));
  }
}
