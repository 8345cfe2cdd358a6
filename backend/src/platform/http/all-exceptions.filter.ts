import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import { DomainError, retryAfterOf } from '../errors/domain-error';
import { databaseErrorBody } from '../errors/database-errors';
import { type ErrorBody, messageForStatus } from '../errors/error-catalogue';
import { REQUEST_ID_HEADER } from './logger';

export type { ErrorBody };

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
}

function isFastifyClientError(error: unknown): error is Error & FastifyLikeError {
  const candidate = error as FastifyLikeError | undefined;
  return (
    error instanceof Error &&
    typeof candidate?.statusCode === 'number' &&
    candidate.statusCode >= 400 &&
    candidate.statusCode < 500
  );
}

const INVALID_JSON = {
  code: 'invalid_json',
  message: 'O corpo da requisição não é um JSON válido.',
} as const;

/** Fastify's own refusals, in pt-BR; never their English text, which echoes the URL. */
const FASTIFY_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_BAD_URL: {
    code: 'bad_url',
    message: 'Endereço inválido: a URL contém uma codificação inválida.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: 'O endereço da requisição é longo demais.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'O tamanho do corpo não confere com o cabeçalho Content-Length.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: INVALID_JSON,
};

export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof DomainError) {
    return { statusCode: exception.statusCode, code: exception.code, message: exception.message };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse() as Partial<ErrorBody> | string;
    const fallback = messageForStatus(statusCode);
    // Nest wraps Fastify's body-parser failures in an HttpException carrying Fastify's English text.
    if (statusCode === 400 && typeof response === 'string' && /JSON/.test(response)) {
      return { statusCode, ...INVALID_JSON };
    }
    const own = typeof response === 'object' && typeof response.code === 'string';
    return {
      statusCode,
      code: own ? (response.code as string) : fallback.code,
      message: own && typeof response.message === 'string' ? response.message : fallback.message,
    };
  }
  if (isFastifyClientError(exception)) {
    const statusCode = exception.statusCode as number;
    const known = FASTIFY_ERRORS[exception.code ?? ''];
    if (known) return { statusCode, ...known };
    if (
      statusCode === 400 &&
      (exception instanceof SyntaxError || /JSON/i.test(exception.code ?? ''))
    ) {
      return { statusCode, ...INVALID_JSON };
    }
    return { statusCode, ...messageForStatus(statusCode) };
  }
  return databaseErrorBody(exception) ?? { statusCode: 500, ...messageForStatus(500) };
}

/**
 * Fastify's `frameworkErrors`: failures before a route is found (a URL that does not decode, a
 * parameter over the length limit) answer in the same shape as every other error.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body = toErrorBody(error);
  void reply
    .status(body.statusCode)
    .header(REQUEST_ID_HEADER, request.id)
    .header('cache-control', 'no-store')
    .send(body);
}

/** What the connection's parser refuses before a request exists, in our shape and in pt-BR. */
const CONNECTION_ERRORS: Record<string, ErrorBody> = {
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    code: 'headers_too_large',
    message: 'Os cabeçalhos da requisição são grandes demais.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    statusCode: 408,
    code: 'request_timeout',
    message: 'A requisição demorou demais para chegar.',
  },
};
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refuses (headers over the size limit, a
 * malformed request line) gets the same `{ statusCode, code, message }` as every other error,
 * written straight on the socket, which then closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body = CONNECTION_ERRORS[error.code ?? ''] ?? {
    statusCode: 400,
    code: 'bad_request',
    message: 'Requisição HTTP malformada.',
  };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${body.statusCode} ${STATUS_TEXT[body.statusCode]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/** The one place where any failure becomes `{ statusCode, code, message }`; a 500 never carries a stack. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly spaIndexAvailable: boolean,
    private readonly logger: PinoLogger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const reply = context.getResponse<FastifyReply>();
    const request = context.getRequest<FastifyRequest>();
    const body = toErrorBody(exception);

    if (body.statusCode === 404 && this.isSpaNavigation(request)) {
      void reply.type('text/html; charset=utf-8').sendFile('index.html');
      return;
    }
    if (body.statusCode === 503) {
      // Deliberate: a service this request needs is away (the database, Redis), said as such.
      this.logger.warn({ reqId: request.id, code: body.code }, `serviço indisponível: ${body.code}`);
    } else if (body.statusCode >= 500) {
      this.logger.error(
        {
          reqId: request.id,
          err: exception instanceof Error ? exception : new Error(String(exception)),
        },
        'erro interno',
      );
    }
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }

  /**
   * Client-side routes (/agenda, /alunos/novo ...) get the SPA; /api and /socket.io never do, nor
   * a missing file under /assets/ or a missing script or stylesheet anywhere: the browser asked for
   * a file, and HTML in its place only breaks the page further (a stale tab after a deploy).
   */
  private isSpaNavigation(request: FastifyRequest): boolean {
    const path = request.url.split('?')[0];
    return (
      this.spaIndexAvailable &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !path.startsWith('/socket.io') &&
      !path.startsWith('/assets/') &&
      !/\.(?:m?js|css|map)$/i.test(path)
    );
  }
}
