import { Injectable } from '@nestjs/common';
import type { SubscriptionEvent } from '../../contracts/charges/events';
import { numericFromCentavos } from '../../contracts/shared/money';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { entityReferences } from '../../platform/references/entity-references';
import {
  firstDueDate,
  subscriptionDecider,
  type SubscriptionState,
} from '../domain/subscription.decider';

/**
 * In the command's transaction: the `subscriptions` row the worker issues cycles from (no worker
 * lag: a subscription made now is billed on the next pass) and the subscription's references to
 * its student and plan (neither is removed while subscribed).
 */
export const subscriptionEntity: InlineProjection<SubscriptionEvent, SubscriptionState> = {
  eventTypes: ['SubscriptionStarted', 'SubscriptionCancelled'],
  async apply(trx, { tenantId, streamId, events }) {
    const self = { kind: 'subscription', id: streamId };
    for (const event of events) {
      if (event.type === 'SubscriptionStarted') {
        const data = event.data;
        const row = {
          tenantId,
          studentId: data.studentId,
          planId: data.planId,
          planNome: data.planNome,
          valor: numericFromCentavos(data.valorCentavos),
          diaVencimento: data.diaVencimento,
          inicio: data.inicio,
          status: 'ativa',
          proximoVencimento: firstDueDate(data.inicio, data.diaVencimento),
          ultimoVencimento: null,
          claimedUntil: null,
          createdAt: new Date(),
          cancelledAt: null,
        };
        await trx
          .insertInto('subscriptions')
          .values({ id: streamId, ...row })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
          .execute();
        await entityReferences.register(trx, tenantId, self);
        await entityReferences.refer(
          trx,
          tenantId,
          self,
          { kind: 'student', id: data.studentId },
          'Aluno',
        );
        await entityReferences.refer(
          trx,
          tenantId,
          self,
          { kind: 'plan', id: data.planId },
          'Plano',
        );
      } else {
        const { ultimoVencimento } = event.data;
        const row = await trx
          .updateTable('subscriptions')
          .set((eb) => ({
            status: 'cancelada',
            cancelledAt: new Date(),
            ultimoVencimento,
            // Only a cycle due by the last one that stays is still to be charged.
            proximoVencimento:
              ultimoVencimento === null
                ? null
                : eb
                    .case()
                    .when('proximoVencimento', '<=', ultimoVencimento)
                    .then(eb.ref('proximoVencimento'))
                    .else(null)
                    .end(),
          }))
          .where('id', '=', streamId)
          .returning('planId')
          .executeTakeFirst();
        if (row)
          await entityReferences.forget(trx, tenantId, self, { kind: 'plan', id: row.planId });
      }
    }
  },
};

/** Every subscription command, decided on the student's subscription stream. */
@Injectable()
export class SubscriptionCommands extends commandHandlerFor(
  subscriptionDecider,
  subscriptionEntity,
) {}
