import { Inject, Injectable } from '@nestjs/common';
import type { pixWebhooksApi } from '../../contracts/charges/api';
import { centavosFromNumeric } from '../../contracts/shared/money';
import type { ParsedInputOf } from '../../contracts/shared/routes';
import { DomainError } from '../../platform/errors/domain-error';
import { chargeNotFound } from '../domain/charge.decider';
import { ChargesRepository } from '../queries/charges.repository';
import { ChargesService } from './charges.service';

const REAIS = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * A signed payment notification of a PSP: the charge of the txid is paid (the same path as 'Marcar
 * como pago', so a retry or a manual confirmation settles nothing twice). Only charges made by
 * hand (static BR Code) of trainers who do not use the API Pix are settled here: anything else is
 * 404, as an unknown txid; a valor other than the charge's is 422 `valor_divergente`.
 */
@Injectable()
export class SignedPixNotifications {
  constructor(
    @Inject(ChargesService) private readonly chargesService: ChargesService,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
  ) {}

  async settle(
    provider: string,
    notification: ParsedInputOf<typeof pixWebhooksApi.notify>['body'],
    correlationId: string,
  ) {
    const charge = await this.charges.chargeOfTxid(notification.txid);
    if (
      !charge ||
      !(await this.chargesService.settlesBySignedNotification(charge.tenantId, charge.chargeId))
    )
      throw chargeNotFound();
    const { tenantId, chargeId } = charge;
    if (notification.valor !== undefined) {
      const expected = await this.chargesService.answer(tenantId, chargeId, 0);
      const paid = String(notification.valor);
      if (
        !REAIS.test(paid) ||
        centavosFromNumeric(Number(paid).toFixed(2)) !== Math.round(expected.valor * 100)
      )
        throw new DomainError('valor_divergente', 'Valor pago difere do valor da cobrança', 422);
    }
    const answer = await this.chargesService.confirm(
      { tenantId, actorId: `pix:${provider}`, actorRole: 'system', correlationId },
      chargeId,
      { via: 'webhook', provider, endToEndId: notification.endToEndId ?? null },
    );
    return { id: answer.id, status: answer.status };
  }
}
