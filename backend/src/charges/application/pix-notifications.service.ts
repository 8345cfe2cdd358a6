import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { CommandRunner } from '../../platform/event-store/command-runner';
import { RateLimiter } from '../../platform/http/rate-limiter';
import type { ChargesConfig } from '../charges.config';
import { ChargeSettler } from '../process-managers/charge-settlement';
import { confirmWithPsp } from '../psp/psp-confirmation';
import { PspConnections } from '../psp/psp-connections';
import { ChargesRepository } from '../queries/charges.repository';

/**
 * How many charges one notification may make Vira ask a PSP about (one mTLS GET each). A PSP's
 * notification carries the Pix one receiver got since the last one: for a personal trainer, a few.
 * Anyone can POST one, so more than this in one body is not believed worth asking now; those are
 * left to the worker's reconciliation, which asks the PSP of every pending charge within minutes,
 * so a real payment among them is only late, never lost.
 */
export const PSP_QUESTIONS_PER_NOTIFICATION = 10;

/** What a notification did, item by item: every Pix it carried is counted in exactly one of these. */
export interface NotificationTally {
  recebidos: number;
  /** Payments the PSP confirmed and this notification recorded. */
  confirmados: number;
  /** Payments the PSP confirmed that were recorded before (a replay, a retry). */
  jaRegistrados: number;
  /** Pix of a charge already named earlier in the same notification (asked about once). */
  repetidos: number;
  /** No charge of Vira, not paid at the PSP, not that Pix, or the PSP did not answer. */
  naoConfirmados: number;
  /** Beyond PSP_QUESTIONS_PER_NOTIFICATION: left to the reconciliation. */
  adiados: number;
  /** Refunds (devoluções) the PSP confirmed and this notification recorded. */
  devolucoes: number;
}

/** A Pix as a notification names it (the standard's Pix, what Vira reads of it). */
interface NotifiedPix {
  endToEndId: string;
  txid?: string;
}

/**
 * The API Pix's payment notification (POSTed by a PSP to the registered webhookUrl + '/pix').
 * Nothing in it is believed: each charge it names is asked of its trainer's own PSP (GET
 * /cob/{txid}), once per charge however many Pix name it, at most PSP_QUESTIONS_PER_NOTIFICATION
 * charges, and at most RATE_LIMIT_API_PIX_PER_TENANT questions a trainer's PSP gets a minute (429
 * past it: the PSP retries, as the standard has it do).
 */
@Injectable()
export class PixNotificationsService {
  private readonly logger = new Logger(PixNotificationsService.name);

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(CommandRunner) private readonly runner: CommandRunner,
    @Inject(PspConnections) private readonly connections: PspConnections,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
    @Inject(ChargeSettler) private readonly settler: ChargeSettler,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: ChargesConfig,
  ) {}

  async payments(pix: readonly NotifiedPix[]): Promise<NotificationTally> {
    const tally: NotificationTally = {
      recebidos: pix.length,
      confirmados: 0,
      jaRegistrados: 0,
      repetidos: 0,
      naoConfirmados: 0,
      adiados: 0,
      devolucoes: 0,
    };
    // The endToEndIds each charge's Pix are named with, charges in the order first named.
    const named = new Map<string, string[]>();
    for (const item of pix) {
      if (!item.txid) {
        tally.naoConfirmados++;
        continue;
      }
      const endToEndIds = named.get(item.txid);
      if (!endToEndIds) named.set(item.txid, [item.endToEndId]);
      else {
        tally.repetidos++;
        if (!endToEndIds.includes(item.endToEndId)) endToEndIds.push(item.endToEndId);
      }
    }
    const known = await this.charges.chargesOfTxids([...named.keys()]);
    const toAsk: { tenantId: string; chargeId: string; txid: string; endToEndIds: string[] }[] = [];
    for (const [txid, endToEndIds] of named) {
      const charge = known.get(txid);
      if (!charge) tally.naoConfirmados++;
      else if (toAsk.length >= PSP_QUESTIONS_PER_NOTIFICATION) tally.adiados++;
      else toAsk.push({ ...charge, txid, endToEndIds });
    }
    // Counted before asking, each trainer's PSP once per charge: concurrent notifications cannot
    // all slip under the limit. Without Redis the cap above still bounds each one.
    await this.limiter.count(
      toAsk.map(({ tenantId }) => ({
        action: 'api-pix-psp-question',
        subject: tenantId,
        setting: this.config.RATE_LIMIT_API_PIX_PER_TENANT,
      })),
      'allow',
    );
    for (const { endToEndIds, ...charge } of toAsk) {
      try {
        const verdict = await confirmWithPsp(
          { db: this.db, runner: this.runner, connections: this.connections },
          charge,
          'webhook',
          endToEndIds,
        );
        if (verdict.outcome !== 'paga') {
          tally.naoConfirmados++;
          continue;
        }
        await this.settler.settle(charge.tenantId, charge.chargeId);
        if (verdict.novo) tally.confirmados++;
        else tally.jaRegistrados++;
        tally.devolucoes += verdict.devolucoes;
      } catch (error) {
        tally.naoConfirmados++;
        this.logger.warn(
          `notificação Pix da cobrança ${charge.chargeId} não confirmada: ${String(error)}`,
        );
      }
    }
    return tally;
  }
}
