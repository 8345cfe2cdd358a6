import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import type { Charge, ChargeStatus } from '../../contracts/charges';
import { centavosFromNumeric, toReais } from '../../contracts/money';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Charges } from '../../platform/database/database.types';
import { receitaIdOf } from '../domain/pix-settings.decider';

/** The only code that reads the charges' tables; every read is scoped by tenant (but a txid's). */
@Injectable()
export class ChargesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async list(tenantId: string, status?: ChargeStatus): Promise<Charge[]> {
    let query = this.db
      .selectFrom('charges')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(500);
    if (status) query = query.where('status', '=', status);
    return (await query.execute()).map(toCharge);
  }

  async find(tenantId: string, id: string): Promise<Charge | undefined> {
    const row = await this.db
      .selectFrom('charges')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toCharge(row);
  }

  /** Which tenant's charge a PIX txid is (written with the charge: no worker lag). */
  chargeOfTxid(txid: string): Promise<{ tenantId: string; chargeId: string } | undefined> {
    return this.db
      .selectFrom('chargeTxids')
      .select(['tenantId', 'chargeId'])
      .where('txid', '=', txid)
      .executeTakeFirst();
  }
}

function toCharge(row: Selectable<Charges>): Charge {
  return {
    id: row.id,
    studentId: row.studentId,
    studentNome: row.studentNome,
    planId: row.planId,
    planNome: row.planNome,
    creditos: row.creditos,
    valor: toReais(centavosFromNumeric(row.valor)),
    txid: row.txid,
    brCode: row.brCode,
    status: row.status as ChargeStatus,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    transactionId: row.status === 'paga' ? receitaIdOf(row.id) : null,
  };
}
