import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import { DomainError } from '../platform/errors/domain-error';
import type { MessagingConfig } from './messaging.config';

export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

/** 'sha256=' and the HMAC-SHA256 of the raw body with the app secret, hex: Meta's signature. */
export const signWhatsAppWebhook = (appSecret: string, body: string | Buffer): string =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

function signatureMatches(secret: string, body: Buffer | string, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header.trim())?.[1]?.toLowerCase();
  if (!given) return false;
  return timingSafeEqual(
    Buffer.from(given, 'hex'),
    Buffer.from(signWhatsAppWebhook(secret, body).slice('sha256='.length), 'hex'),
  );
}

/**
 * A Cloud API webhook is let in only signed with Vira's app secret (X-Hub-Signature-256 over the
 * bytes as sent), checked before its body is read (a guard runs before `@Input()` parses): a
 * forged or unsigned one, or any while the server has no app secret, is 401 `invalid_signature`
 * and changes nothing.
 */
@Injectable()
export class WhatsAppSignatureGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: MessagingConfig) {}

  canActivate(context: ExecutionContext): true {
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest & { rawBody?: Buffer | string }>();
    const secret = this.config.WHATSAPP_APP_SECRET;
    if (
      !secret ||
      !signatureMatches(secret, request.rawBody ?? '', request.headers[WHATSAPP_SIGNATURE_HEADER])
    )
      throw new DomainError('invalid_signature', 'Assinatura inválida', 401);
    return true;
  }
}
