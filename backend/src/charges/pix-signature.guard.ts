import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import { DomainError, NotFoundError } from '../platform/errors/domain-error';
import { type ChargesConfig, webhookSecretOf } from './charges.config';

export const SIGNATURE_HEADER = 'x-signature';

/** HMAC-SHA256 of the raw body with the provider's secret, hex (optionally 'sha256=' first). */
export const signPixNotification = (secret: string, body: string | Buffer): string =>
  createHmac('sha256', secret).update(body).digest('hex');

function signatureMatches(secret: string, body: Buffer | string, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const given = header
    .replace(/^sha256=/i, '')
    .trim()
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(
    Buffer.from(given, 'hex'),
    Buffer.from(signPixNotification(secret, body), 'hex'),
  );
}

/**
 * A PSP's notification is let in only signed with its provider's secret, checked before its body
 * is read (a guard runs before `@Input()` parses), so a forged one learns nothing of it: a
 * provider without a secret is 404, a wrong signature 401 `invalid_signature`.
 */
@Injectable()
export class PixSignatureGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: ChargesConfig) {}

  canActivate(context: ExecutionContext): true {
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest<{ Params: { provider?: string } }> & { rawBody?: Buffer | string }>();
    const secret = webhookSecretOf(this.config, request.params.provider ?? '');
    if (!secret) throw new NotFoundError('Provedor');
    if (!signatureMatches(secret, request.rawBody ?? '', request.headers[SIGNATURE_HEADER]))
      throw new DomainError('invalid_signature', 'Assinatura inválida', 401);
    return true;
  }
}
