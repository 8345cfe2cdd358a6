import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { LATE_CANCEL_FEE_LABEL } from '../../contracts/charges/api';
import { type ChargeCreatedData, chargeEvents } from '../../contracts/charges/events';
import {
  ChargeCredits,
  ChargeReceitas,
  type ChargeSettlement,
} from '../../contracts/charges/ports';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { receitaIdOf } from '../domain/pix-settings.decider';

export const CHARGE_SETTLEMENT = 'charge-settlement';

/**
 * Settles a paid charge: the receita (finance) then the plan's credits (students), each command
 * keyed by (this process manager, the charge's one ChargePaid event, its index) and the receita on
 * a stream id derived from the charge. Whoever runs it (the confirming request, the webhook, the
 * worker), however many times and however concurrently, the receita is recorded once and the
 * credits are granted once. Answers the receita's id and the last position it took, or undefined when the charge is not paid.
 */
export async function settleCharge(
  db: Kysely<Database>,
  receitas: ChargeReceitas,
  credits: ChargeCredits,
  tenantId: string,
  chargeId: string,
): Promise<{ transactionId: string; position: number } | undefined> {
  let charge: ChargeCreatedData | undefined;
  let paid: StoredEventOf<Pick<typeof chargeEvents, 'ChargePaid'>> | undefined;
  for (const stored of await readStreamOf(db, tenantId, chargeId, chargeEvents)) {
    if (stored.eventType === 'ChargeCreated') charge = stored.data;
    else if (stored.eventType === 'ChargePaid') paid ??= stored;
  }
  if (!charge || !paid) return undefined;
  const settlement: ChargeSettlement = {
    chargeId,
    transactionId: receitaIdOf(chargeId),
    studentId: charge.studentId,
    planNome: charge.planNome,
    creditos: charge.creditos,
    valorCentavos: charge.valorCentavos,
    data: zonedParts(paid.occurredAt, DEFAULT_TIME_ZONE).date,
    ...(charge.origem === 'taxa' ? { descricao: LATE_CANCEL_FEE_LABEL } : {}),
  };
  let position = await receitas.record(
    processManagerCommand(CHARGE_SETTLEMENT, paid, 0),
    settlement,
  );
  if (settlement.creditos > 0)
    position = Math.max(
      position,
      await credits.grant(processManagerCommand(CHARGE_SETTLEMENT, paid, 1), settlement),
    );
  return { transactionId: settlement.transactionId, position };
}

/** In the worker: every ChargePaid, in commit order (the safety net of the API's settlement). */
export const chargeSettlement = processManager({
  name: CHARGE_SETTLEMENT,
  reactsTo: pickEvents(chargeEvents, ['ChargePaid']),
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
