import { createHmac, timingSafeEqual } from 'node:crypto';
import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { pixWebhooksApi } from '../contracts/charges/api';
import { centavosFromNumeric } from '../contracts/shared/money';
import { APP_CONFIG } from '../config/config';
import { DomainError, NotFoundError } from '../platform/errors/domain-error';
import { Implements, parseInput } from '../platform/http/implements';
import { type ChargesConfig, webhookSecretOf } from './charges.config';
import { ChargesService } from './application/charges.service';
import { chargeNotFound } from './domain/charge.decider';
import { ChargesRepository } from './queries/charges.repository';

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

const disabled = () => new NotFoundError('Provedor');

/**
 * A PSP's payment notification: the charge of the txid is paid (the same path as 'Marcar como
 * pago', so a retry or a manual confirmation settles nothing twice). Signed with the provider's
 * secret; a wrong signature is 401 and writes nothing; a provider without a secret answers 404.
 * Only charges made by hand (static BR Code) of trainers who do not use the API Pix are settled
 * here: anything else is 404, as an unknown txid.
 */
@Controller()
export class PixWebhooksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ChargesConfig,
    @Inject(ChargesService) private readonly chargesService: ChargesService,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
  ) {}

  /** The body is read only once the signature holds: a forged notification learns nothing of it. */
  @Implements(pixWebhooksApi.notify)
  async notify(@Req() request: FastifyRequest) {
    const { provider } = (request.params ?? {}) as { provider: string };
    const secret = webhookSecretOf(this.config, provider);
    if (!secret) throw disabled();
    const raw = (request as FastifyRequest & { rawBody?: Buffer | string }).rawBody ?? '';
    if (!signatureMatches(secret, raw, request.headers[SIGNATURE_HEADER]))
      throw new DomainError('invalid_signature', 'Assinatura inválida', 401);
    const { body } = parseInput(pixWebhooksApi.notify, request);
    const charge = await this.charges.chargeOfTxid(body.txid);
    if (
      !charge ||
      !(await this.chargesService.settlesBySignedNotification(charge.tenantId, charge.chargeId))
    )
      throw chargeNotFound();
    const { tenantId, chargeId } = charge;
    if (body.valor !== undefined) {
      const expected = await this.chargesService.answer(tenantId, chargeId, 0);
      const paid = String(body.valor);
      const valid = /^\d{1,10}(\.\d{1,2})?$/.test(paid);
      if (
        !valid ||
        centavosFromNumeric(Number(paid).toFixed(2)) !== Math.round(expected.valor * 100)
      )
        throw new DomainError('valor_divergente', 'Valor pago difere do valor da cobrança', 422);
    }
    const answer = await this.chargesService.confirm(
      {
        tenantId,
        actorId: `pix:${provider}`,
        actorRole: 'system',
        correlationId: request.id,
      },
      chargeId,
      { via: 'webhook', provider, endToEndId: body.endToEndId ?? null },
    );
    return { id: answer.id, status: answer.status };
  }
}
