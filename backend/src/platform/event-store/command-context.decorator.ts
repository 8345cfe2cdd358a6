import { createHash } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { commandHeadersSchema, IDEMPOTENCY_KEY_HEADER } from '../../contracts/shared/routes';
import { parseOrThrow } from '../http/parse-or-throw';
import type { CommandContext } from './command-runner';

/** What makes two requests "the same" for an idempotency key: method, path, principal and body. */
export function requestFingerprint(request: FastifyRequest & { user: AuthUser }): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url} ${request.user.userId}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

/** The command's context from the verified token and the request: tenant, actor, correlation, idempotency key. */
export function commandContextOf(request: FastifyRequest & { user: AuthUser }): CommandContext {
  const key = parseOrThrow(commandHeadersSchema, request.headers)[IDEMPOTENCY_KEY_HEADER];
  return {
    tenantId: request.user.tenantId,
    actorId: request.user.userId,
    actorRole: request.user.role,
    correlationId: request.id,
    idempotency: key === undefined ? undefined : { key, fingerprint: requestFingerprint(request) },
  };
}

export const CurrentCommandContext = createParamDecorator(
  (_: unknown, context: ExecutionContext): CommandContext =>
    commandContextOf(context.switchToHttp().getRequest<FastifyRequest & { user: AuthUser }>()),
);
