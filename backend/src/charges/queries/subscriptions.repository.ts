import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  cycleRefusalSchema,
  type PixAutomaticoStatus,
  type Subscription,
  type SubscriptionStatus,
} from '../../contracts/charges/api';
import { type DueCycle, SubscriptionCycles } from '../../contracts/charges/ports';
import { centavosFromNumeric, toReais } from '../../contracts/shared/money';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Subscriptions } from '../../platform/database/database.types';
import {
  billingAnswer,
  billingSchema,
  billsCycle,
  cycleChargeIdOf,
  dueDateOf,
  firstDueDate,
  nextDueDate,
} from '../domain/subscription.decider';
import type { SubscriptionRow as ProjectedRow } from '../projections/subscriptions.projection';

/** A row as read (its refusals as stored JSON), or as the projection makes it. */
type SubscriptionRow = Selectable<Subscriptions> | ProjectedRow;

const refusals = z.array(cycleRefusalSchema);

/** How many cycles from today on the answer looks at for ones paid ahead. */
const CYCLES_AHEAD = 24;

/**
 * The due days the answer's next due day is chosen among, oldest first: from the first cycle on,
 * leaving out those past (overdue ones are in Cobranças) unless not issued yet, up to the last one
 * a cancellation left.
 */
function candidateDues(row: SubscriptionRow, today: string): string[] {
  const cursor = row.proximoVencimento;
  const from = cursor !== null && cursor < today ? cursor : today;
  let due = firstDueDate(row.inicio, row.diaVencimento);
  while (due < from) due = nextDueDate(due, row.diaVencimento);
  const dues: string[] = [];
  const billing = billingSchema.parse(row.billing);
  for (let month = 0; month < CYCLES_AHEAD; month++, due = nextDueDate(due, row.diaVencimento))
    if (billsCycle(billing, due)) dues.push(due);
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
    const rows = await this.db
      .selectFrom('subscriptions')
      .select(['studentId', 'valor', 'inicio', 'diaVencimento', 'billing'])
      .where('tenantId', '=', tenantId)
      .execute();
    return rows.flatMap((row) => {
      const billing = billingSchema.parse(row.billing);
      return months
        .filter((month) => {
          const due = dueDateOf(month, row.diaVencimento);
          return due >= row.inicio && billsCycle(billing, due);
        })
        .map((month) => ({
          month,
          studentId: row.studentId,
          valorCentavos: centavosFromNumeric(row.valor),
        }));
    });
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
    // A pause over is 'ativa' again without an event: the status is the answer's.
    const answers = await this.answered(await query.execute());
    return filter.status ? answers.filter((answer) => answer.status === filter.status) : answers;
  }

  /**
   * The answer: each subscription with its next due day still owed (a cycle paid ahead, such as
   * the first one paid through Pix Automático's QR, or waived by cancelling its charge, is behind
   * it), read from the cycles' charges.
   */
  async answered(rows: SubscriptionRow[]): Promise<Subscription[]> {
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
                .where((eb) =>
                  eb(
                    'tenantId',
                    '=',
                    eb.fn.any(eb.val([...new Set(rows.map((row) => row.tenantId))])),
                  ),
                )
                .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
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
      return { ...toSubscription(row, today), proximoVencimento: next ?? after };
    });
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

function toSubscription(row: SubscriptionRow, today: string): Subscription {
  return {
    id: row.id,
    studentId: row.studentId,
    planId: row.planId,
    planNome: row.planNome,
    valor: toReais(centavosFromNumeric(row.valor)),
    diaVencimento: row.diaVencimento,
    inicio: row.inicio,
    ...billingAnswer(billingSchema.parse(row.billing), today),
    proximoVencimento: row.proximoVencimento,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    ciclosRecusados: refusals.parse(row.recusas),
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
