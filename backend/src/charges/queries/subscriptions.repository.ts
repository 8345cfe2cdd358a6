import { Inject, Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import type { Subscription, SubscriptionStatus } from '../../contracts/charges/api';
import { type DueCycle, SubscriptionCycles } from '../../contracts/charges/ports';
import { centavosFromNumeric, toReais } from '../../contracts/shared/money';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Subscriptions } from '../../platform/database/database.types';

/** The only code that reads the subscriptions table; every read is scoped by tenant. */
@Injectable()
export class SubscriptionsRepository extends SubscriptionCycles {
  constructor(@Inject(DATABASE) private readonly db: Db) {
    super();
  }

  /** Cycles due in `month` (AAAA-MM): from the first due day on, up to the last one a cancellation left. */
  async dueIn(tenantId: string, month: string): Promise<DueCycle[]> {
    const due = sql<string>`make_date(${Number(month.slice(0, 4))}, ${Number(month.slice(5, 7))}, dia_vencimento)`;
    const rows = await this.db
      .selectFrom('subscriptions')
      .select(['studentId', 'valor'])
      .where('tenantId', '=', tenantId)
      .where(due, '>=', sql<string>`inicio`)
      .where((eb) =>
        eb.or([eb('status', '=', 'ativa'), eb(due, '<=', sql<string>`ultimo_vencimento`)]),
      )
      .execute();
    return rows.map((row) => ({
      studentId: row.studentId,
      valorCentavos: centavosFromNumeric(row.valor),
    }));
  }

  async list(
    tenantId: string,
    filter: { studentId?: string; status?: SubscriptionStatus } = {},
  ): Promise<Subscription[]> {
    let query = this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(500);
    if (filter.studentId) query = query.where('studentId', '=', filter.studentId);
    if (filter.status) query = query.where('status', '=', filter.status);
    return (await query.execute()).map(toSubscription);
  }

  async find(tenantId: string, id: string): Promise<Subscription | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toSubscription(row);
  }
}

function toSubscription(row: Selectable<Subscriptions>): Subscription {
  return {
    id: row.id,
    studentId: row.studentId,
    planId: row.planId,
    planNome: row.planNome,
    valor: toReais(centavosFromNumeric(row.valor)),
    diaVencimento: row.diaVencimento,
    inicio: row.inicio,
    status: row.status as SubscriptionStatus,
    proximoVencimento: row.proximoVencimento,
    ultimoVencimento: row.ultimoVencimento,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}
