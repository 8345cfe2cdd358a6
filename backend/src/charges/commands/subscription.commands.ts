import { Injectable } from '@nestjs/common';
import type { SubscriptionEvent } from '../../contracts/charges/events';
import { numericFromCentavos } from '../../contracts/shared/money';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { entityReferences } from '../../platform/references/entity-references';
import { FIRST_PSP_CHECK_MS } from './charge.commands';
import {
  firstDueDate,
  subscriptionDecider,
  type SubscriptionState,
} from '../domain/subscription.decider';

/** The recurrence no longer waits: no request to the student's bank stands. */
const noRequest = { pixAutomaticoPedidoEm: null, pixAutomaticoPedidoExpiraEm: null };

/**
 * In the command's transaction: the `subscriptions` row the worker issues cycles from (no worker
 * lag: a subscription made now is billed on the next pass) and the subscription's references to
 * its student and plan (neither is removed while subscribed).
 */
export const subscriptionEntity: InlineProjection<SubscriptionEvent, SubscriptionState> = {
  eventTypes: [
    'SubscriptionStarted',
    'SubscriptionCancelled',
    'SubscriptionRecurrenceRequested',
    'SubscriptionRecurrenceAuthorisationRequested',
    'SubscriptionRecurrenceAuthorised',
    'SubscriptionRecurrenceEnded',
    'SubscriptionRecurrenceFailed',
  ],
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
          idRec: null,
          pixAutomatico: null,
          pixAutomaticoFalha: null,
          pixAutomaticoQr: null,
          pixAutomaticoPedidoEm: null,
          pixAutomaticoPedidoExpiraEm: null,
          recCheckAt: null,
          recChecks: 0,
        };
        await trx
          .insertInto('subscriptions')
          .values({ id: streamId, ...row })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
          .execute();
        await entityReferences.registerReferring(trx, tenantId, self, [
          { target: { kind: 'student', id: data.studentId }, label: 'Aluno' },
          { target: { kind: 'plan', id: data.planId }, label: 'Plano' },
        ]);
      } else if (event.type === 'SubscriptionRecurrenceRequested') {
        await trx
          .updateTable('subscriptions')
          .set({
            idRec: event.data.idRec,
            pixAutomatico: 'aguardando',
            pixAutomaticoFalha: null,
            pixAutomaticoQr: event.data.pixCopiaECola,
            recCheckAt: new Date(Date.now() + FIRST_PSP_CHECK_MS),
            recChecks: 0,
          })
          .where('id', '=', streamId)
          .execute();
      } else if (event.type === 'SubscriptionRecurrenceAuthorisationRequested') {
        await trx
          .updateTable('subscriptions')
          .set({
            pixAutomaticoPedidoEm: new Date(event.data.enviadoEm),
            pixAutomaticoPedidoExpiraEm: new Date(event.data.expiraEm),
            // The student answers in their bank's app: ask the PSP soon, in case no word comes.
            recCheckAt: new Date(Date.now() + FIRST_PSP_CHECK_MS),
            recChecks: 0,
          })
          .where('id', '=', streamId)
          .where('idRec', '=', event.data.idRec)
          .execute();
      } else if (
        event.type === 'SubscriptionRecurrenceAuthorised' ||
        event.type === 'SubscriptionRecurrenceEnded'
      ) {
        await trx
          .updateTable('subscriptions')
          .set({
            pixAutomatico:
              event.type === 'SubscriptionRecurrenceAuthorised' ? 'autorizada' : event.data.motivo,
            pixAutomaticoQr: null,
            recCheckAt: null,
            ...noRequest,
          })
          .where('id', '=', streamId)
          .where('idRec', '=', event.data.idRec)
          .execute();
      } else if (event.type === 'SubscriptionRecurrenceFailed') {
        await trx
          .updateTable('subscriptions')
          .set({ pixAutomatico: 'nao_criada', pixAutomaticoFalha: event.data.motivo })
          .where('id', '=', streamId)
          .where('idRec', 'is', null)
          .execute();
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
