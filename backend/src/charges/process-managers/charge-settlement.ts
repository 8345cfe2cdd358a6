import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { LATE_CANCEL_FEE_LABEL } from '../../contracts/charges/api';
import { type ChargeCreatedData, chargeEvents } from '../../contracts/charges/events';
import {
  ChargeCredits,
  ChargeReceitas,
  type ChargeSettlement,
  planPaymentReason,
  refundReason,
} from '../../contracts/charges/ports';
import { formatCentavos } from '../../contracts/shared/money';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { pickEvents } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { keptReceitaIdOf, receitaIdOf } from '../domain/pix-settings.decider';

export const CHARGE_SETTLEMENT = 'charge-settlement';

/**
 * Settles a paid charge: the receita (finance) then the plan's credits (students), each command
 * keyed by (this process manager, the charge's one ChargePaid event, its index) and the receita on
 * a stream id derived from the charge. Each refund voids the receita standing and records what is
 * kept (keyed by its ChargeRefunded), and credits the trainer chose to remove are removed (keyed by
 * that decision). Whoever runs it (the confirming request, the webhook, the worker), however many
 * times and however concurrently, the receita is recorded once and the credits are granted once.
 * Answers the receita's id and the last position it took, or undefined when the charge is not paid.
 */
export async function settleCharge(
  db: Kysely<Database>,
  receitas: ChargeReceitas,
  credits: ChargeCredits,
  tenantId: string,
  chargeId: string,
): Promise<{ transactionId: string; position: number } | undefined> {
  let charge: ChargeCreatedData | undefined;
  let settlement: ChargeSettlement | undefined;
  let position = 0;
  /** The receita standing, and what it holds of the payment. */
  let standing = receitaIdOf(chargeId);
  let keptCentavos = 0;
  for (const stored of await readStreamOf(db, tenantId, chargeId, chargeEvents)) {
    if (stored.eventType === 'ChargeCreated') charge = stored.data;
    else if (stored.eventType === 'ChargePaid' && charge && !settlement) {
      settlement = {
        chargeId,
        transactionId: standing,
        studentId: charge.studentId,
        planNome: charge.planNome,
        creditos: charge.creditos,
        valorCentavos: charge.valorCentavos,
        data: zonedParts(stored.occurredAt, DEFAULT_TIME_ZONE).date,
        ...(charge.origem === 'taxa' ? { descricao: LATE_CANCEL_FEE_LABEL } : {}),
      };
      keptCentavos = charge.valorCentavos;
      position = await receitas.record(
        processManagerCommand(CHARGE_SETTLEMENT, stored, 0),
        settlement,
      );
      if (settlement.creditos > 0)
        position = Math.max(
          position,
          await credits.grant(processManagerCommand(CHARGE_SETTLEMENT, stored, 1), settlement),
        );
    } else if (stored.eventType === 'ChargeRefunded' && settlement) {
      keptCentavos -= stored.data.valorCentavos;
      const kept = keptReceitaIdOf(chargeId, stored.data.devolucaoId);
      const descricao = settlement.descricao ?? planPaymentReason(settlement.planNome);
      const devolvidos = formatCentavos(settlement.valorCentavos - keptCentavos);
      position = Math.max(
        position,
        await receitas.refund(processManagerCommand(CHARGE_SETTLEMENT, stored, 0), {
          chargeId,
          studentId: settlement.studentId,
          voidTransactionId: standing,
          kept:
            keptCentavos > 0
              ? {
                  transactionId: kept,
                  valorCentavos: keptCentavos,
                  data: settlement.data,
                  descricao: `${descricao} (devolvidos ${devolvidos})`,
                }
              : null,
        }),
      );
      standing = kept;
    } else if (
      stored.eventType === 'ChargeRefundCreditsDecided' &&
      settlement &&
      stored.data.remover
    ) {
      position = Math.max(
        position,
        await credits.remove(processManagerCommand(CHARGE_SETTLEMENT, stored, 0), {
          studentId: settlement.studentId,
          creditos: stored.data.creditos,
          reason: refundReason(settlement.planNome),
        }),
      );
    }
  }
  return settlement ? { transactionId: settlement.transactionId, position } : undefined;
}

/** In the worker: every payment, refund and credits decision, in commit order (the safety net of the API's settlement). */
export const chargeSettlement = processManager({
  name: CHARGE_SETTLEMENT,
  reactsTo: pickEvents(chargeEvents, [
    'ChargePaid',
    'ChargeRefunded',
    'ChargeRefundCreditsDecided',
  ]),
  async handle(events, services) {
    for (const event of events)
      await settleCharge(
        services.db,
        services.port(ChargeReceitas),
        services.port(ChargeCredits),
        event.tenantId,
        event.streamId,
      );
  },
});

/** In the API: settles at once for the confirmation's answer (the same keys as the worker). */
@Injectable()
export class ChargeSettler {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(ChargeReceitas) private readonly receitas: ChargeReceitas,
    @Inject(ChargeCredits) private readonly credits: ChargeCredits,
  ) {}

  settle(
    tenantId: string,
    chargeId: string,
  ): Promise<{ transactionId: string; position: number } | undefined> {
    return settleCharge(this.db, this.receitas, this.credits, tenantId, chargeId);
  }
}
