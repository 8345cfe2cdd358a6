import { Inject, Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import type {
  PixAutomaticoStatus,
  Subscription,
  SubscriptionStatus,
} from '../../contracts/charges/api';
import { type DueCycle, SubscriptionCycles } from '../../contracts/charges/ports';
import { centavosFromNumeric, toReais } from '../../contracts/shared/money';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Subscriptions } from '../../platform/database/database.types';
import { cycleChargeIdOf, firstDueDate, nextDueDate } from '../domain/subscription.decider';

type SubscriptionRow = Selectable<Subscriptions>;

/** How many cycles from today on the answer looks at for ones paid ahead. */
const CYCLES_AHEAD = 24;

/**
 * The due days the answer's next due day is chosen among, oldest first: from the first cycle on,
 * leaving out those past (overdue ones are in Cobranças) unless not issued yet, up to the last one
 * a cancellation left.
 */
function candidateDues(row: SubscriptionRow, today: string): string[] {
  const last = row.status === 'cancelada' ? row.ultimoVencimento : undefined;
  if (last === null) return [];
  const cursor = row.proximoVencimento;
  const from = cursor !== null && cursor < today ? cursor : today;
  const dues: string[] = [];
  let due = firstDueDate(row.inicio, row.diaVencimento);
  while (due < from) due = nextDueDate(due, row.diaVencimento);
  for (; dues.length < CYCLES_AHEAD; due = nextDueDate(due, row.diaVencimento)) {
    if (last !== undefined && due > last) break;
    dues.push(due);
  }
  return dues;
}

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
    return this.answered(await query.execute());
  }

  /**
   * The answer: each subscription with its next due day still owed (a cycle paid ahead, such as
   * the first one paid through Pix Automático's QR, or waived by cancelling its charge, is behind
   * it), read from the cycles' charges.
   */
  private async answered(rows: SubscriptionRow[]): Promise<Subscription[]> {
    const today = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    const dues = new Map(rows.map((row) => [row.id, candidateDues(row, today)]));
    const ids = rows.flatMap((row) =>
      dues.get(row.id)!.map((due) => cycleChargeIdOf(row.id, due.slice(0, 7))),
    );
    const settled =
      ids.length === 0
        ? new Set<string>()
        : new Set(
            (
              await this.db
                .selectFrom('charges')
                .select('id')
                .where('tenantId', 'in', [...new Set(rows.map((row) => row.tenantId))])
                .where('id', 'in', ids)
                .where('status', 'in', ['paga', 'cancelada'])
                .execute()
            ).map((charge) => charge.id),
          );
    return rows.map((row) => {
      const candidates = dues.get(row.id)!;
      const next = candidates.find((due) => !settled.has(cycleChargeIdOf(row.id, due.slice(0, 7))));
      const after =
        candidates.length === CYCLES_AHEAD
          ? nextDueDate(candidates.at(-1)!, row.diaVencimento)
          : null;
      return { ...toSubscription(row), proximoVencimento: next ?? after };
    });
  }

  /** Where the worker stands: the next cycle still to issue (the answer's is the next to pay). */
  async issueCursor(
    tenantId: string,
    id: string,
  ): Promise<{ status: SubscriptionStatus; proximoVencimento: string | null } | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select(['status', 'proximoVencimento'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && { status: row.status as SubscriptionStatus, proximoVencimento: row.proximoVencimento }
    );
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
    return row && (await this.answered([row]))[0];
  }
}

function toSubscription(row: SubscriptionRow): Subscription {
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
          motivo: row.pixAutomatico === 'nao_criada' ? row.pixAutomaticoFalha : null,
          pixCopiaECola: row.pixAutomatico === 'aguardando' ? row.pixAutomaticoQr : null,
          pedidoAoBanco:
            row.pixAutomatico === 'aguardando' &&
            row.pixAutomaticoPedidoEm &&
            row.pixAutomaticoPedidoExpiraEm &&
            row.pixAutomaticoPedidoExpiraEm.getTime() > Date.now()
              ? {
                  enviadoEm: row.pixAutomaticoPedidoEm.toISOString(),
                  expiraEm: row.pixAutomaticoPedidoExpiraEm.toISOString(),
                }
              : null,
        }
      : null,
  };
}
