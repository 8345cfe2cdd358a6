import { Inject, Injectable, Logger } from '@nestjs/common';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { CommandRunner } from '../../platform/event-store/command-runner';
import { ChargeSettler } from '../process-managers/charge-settlement';
import { confirmWithPsp } from '../psp/psp-confirmation';
import { PspConnections } from '../psp/psp-connections';
import { ChargesRepository } from '../queries/charges.repository';
import { SubscriptionsRepository } from '../queries/subscriptions.repository';
import { confirmRecurrence } from './pix-automatico';
import { PSP_QUESTIONS_PER_NOTIFICATION } from './pix-notifications.service';

/** Each one named once, as many as a notification may make Vira ask its PSP about (the rest wait for the reconciliation). */
const askedOnce = (ids: readonly string[]) =>
  [...new Set(ids)].slice(0, PSP_QUESTIONS_PER_NOTIFICATION);

/**
 * Pix Automático's notifications (webhookrec's '/rec', webhookcobr's '/cobr'). Anyone can POST
 * them, so nothing in them is believed: a recurrence is asked of its trainer's PSP (GET
 * /rec/{idRec}) before its subscription is authorised, a recurring charge (GET /cobr/{txid})
 * before it is paid (keyed by the Pix's endToEndId: one receita and one grant however often it is
 * notified) or, its attempt rejected, tried again as its policy allows.
 */
@Injectable()
export class PixAutomaticoNotificationsService {
  private readonly logger = new Logger(PixAutomaticoNotificationsService.name);

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(CommandRunner) private readonly runner: CommandRunner,
    @Inject(PspConnections) private readonly connections: PspConnections,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(ChargeSettler) private readonly settler: ChargeSettler,
  ) {}

  private get deps() {
    return { db: this.db, runner: this.runner, connections: this.connections };
  }

  async recurrences(idRecs: string[]): Promise<{ recebidos: number; confirmados: number }> {
    let confirmados = 0;
    for (const idRec of askedOnce(idRecs)) {
      const subscription = await this.subscriptions.ofRecurrence(idRec);
      if (!subscription) continue;
      try {
        const verdict = await confirmRecurrence(this.deps, { ...subscription, idRec });
        if (verdict === 'autorizada' || verdict === 'encerrada') confirmados++;
      } catch (error) {
        this.logger.warn(`notificação de recorrência ${idRec} não confirmada: ${String(error)}`);
      }
    }
    return { recebidos: idRecs.length, confirmados };
  }

  async recurringCharges(txids: string[]): Promise<{ recebidos: number; confirmados: number }> {
    let confirmados = 0;
    for (const txid of askedOnce(txids)) {
      const charge = await this.charges.chargeOfTxid(txid);
      if (!charge) continue;
      try {
        const verdict = await confirmWithPsp(this.deps, { ...charge, txid }, 'webhook');
        if (verdict.outcome !== 'paga') continue;
        await this.settler.settle(charge.tenantId, charge.chargeId);
        confirmados++;
      } catch (error) {
        this.logger.warn(
          `notificação de cobrança recorrente ${txid} não confirmada: ${String(error)}`,
        );
      }
    }
    return { recebidos: txids.length, confirmados };
  }
}
