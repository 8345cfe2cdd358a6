import { Inject, Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import type {
  PixAutomaticoStatus,
  Subscription,
  SubscriptionStatus,
} from '../../contracts/charges/api';
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

  /**
   * Cycles due in `months` (AAAA-MM each): from the first due day on, up to the last one a
   * cancellation left; the due day of a month is the plan's day in it.
   */
  async dueIn(tenantId: string, months: readonly string[]): Promise<DueCycle[]> {
    if (months.length === 0) return [];
    const due = sql<string>`(m.month || '-01')::date + (s.dia_vencimento - 1)`;
    const rows = await this.db
      .selectFrom(sql<{ month: string }>`(select unnest(${[...months]}::text[]) as month)`.as('m'))
      .innerJoin('subscriptions as s', (join) => join.on('s.tenantId', '=', tenantId))
      .select(['m.month', 's.studentId', 's.valor'])
      .where(due, '>=', sql<string>`s.inicio`)
      .where((eb) =>
        eb.or([eb('s.status', '=', 'ativa'), eb(due, '<=', sql<string>`s.ultimo_vencimento`)]),
      )
      .execute();
    return rows.map((row) => ({
      month: row.month,
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

  /** The subscription of a recurrence (a PSP's notification names only its idRec). */
  async ofRecurrence(
    idRec: string,
  ): Promise<{ tenantId: string; subscriptionId: string } | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select(['tenantId', 'id'])
      .where('idRec', '=', idRec)
      .executeTakeFirst();
    return row && { tenantId: row.tenantId, subscriptionId: row.id };
  }

  /** The recurrence still open at the PSP (waiting or authorised) of a subscription. */
  async recurrenceOf(tenantId: string, id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('idRec')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where('pixAutomatico', 'in', ['aguardando', 'autorizada'])
      .executeTakeFirst();
    return row?.idRec ?? undefined;
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
    pixAutomatico: row.pixAutomatico
      ? {
          status: row.pixAutomatico as PixAutomaticoStatus,
          pixCopiaECola: row.pixAutomatico === 'aguardando' ? row.pixAutomaticoQr : null,
        }
      : null,
  };
}
