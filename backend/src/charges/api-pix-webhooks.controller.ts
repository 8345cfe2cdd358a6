import { Controller, Inject, Logger } from '@nestjs/common';
import { apiPixWebhooksApi } from '../contracts/charges/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { DATABASE, type Db } from '../platform/database/database.module';
import { CommandRunner } from '../platform/event-store/command-runner';
import { Implements, Input } from '../platform/http/implements';
import { PixAutomaticoNotificationsService } from './application/pix-automatico-notifications.service';
import { ChargeSettler } from './process-managers/charge-settlement';
import { confirmWithPsp } from './psp/psp-confirmation';
import { PspConnections } from './psp/psp-connections';
import { ChargesRepository } from './queries/charges.repository';

/**
 * The Banco Central's API Pix notification, at the URL registered with PUT /webhook/{chave} +
 * '/pix'. Anyone can POST here, so nothing in it is believed: each Pix's charge is found by its
 * txid and asked of its trainer's own PSP (GET /cob/{txid}); only a charge the PSP holds paid, with
 * that endToEndId, is paid and settled (receita and credits) at once. Answers 200 whatever it
 * found, so a PSP stops retrying; what it could not confirm the worker's reconciliation asks again.
 */
@Controller()
export class ApiPixWebhooksController {
  private readonly logger = new Logger(ApiPixWebhooksController.name);

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(CommandRunner) private readonly runner: CommandRunner,
    @Inject(PspConnections) private readonly connections: PspConnections,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
    @Inject(ChargeSettler) private readonly settler: ChargeSettler,
    @Inject(PixAutomaticoNotificationsService)
    private readonly pixAutomatico: PixAutomaticoNotificationsService,
  ) {}

  @Implements(apiPixWebhooksApi.notifyApiPix)
  async notifyApiPix(@Input() { body }: ParsedInputOf<typeof apiPixWebhooksApi.notifyApiPix>) {
    let confirmados = 0;
    for (const pix of body.pix) {
      const charge = pix.txid ? await this.charges.chargeOfTxid(pix.txid) : undefined;
      if (!charge || !pix.txid) continue;
      try {
        const verdict = await confirmWithPsp(
          { db: this.db, runner: this.runner, connections: this.connections },
          { ...charge, txid: pix.txid },
          'webhook',
          pix.endToEndId,
        );
        if (verdict.outcome !== 'paga') continue;
        await this.settler.settle(charge.tenantId, charge.chargeId);
        confirmados++;
      } catch (error) {
        this.logger.warn(`notificação Pix ${pix.endToEndId} não confirmada: ${String(error)}`);
      }
    }
    return { recebidos: body.pix.length, confirmados };
  }

  /** Pix Automático: a recurrence authorised, refused or cancelled (asked of the PSP first). */
  @Implements(apiPixWebhooksApi.notifyApiPixRec)
  notifyApiPixRec(@Input() { body }: ParsedInputOf<typeof apiPixWebhooksApi.notifyApiPixRec>) {
    return this.pixAutomatico.recurrences(body.recs.map((rec) => rec.idRec));
  }

  /** Pix Automático: a recurring charge paid or its attempt rejected (asked of the PSP first). */
  @Implements(apiPixWebhooksApi.notifyApiPixCobr)
  notifyApiPixCobr(@Input() { body }: ParsedInputOf<typeof apiPixWebhooksApi.notifyApiPixCobr>) {
    return this.pixAutomatico.recurringCharges(body.cobsr.map((cobr) => cobr.txid));
  }
}
