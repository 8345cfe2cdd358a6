import { Injectable } from '@nestjs/common';
import type { SubscriptionEvent } from '../../contracts/charges/events';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { entityReferences } from '../../platform/references/entity-references';
import { subscriptionDecider, type SubscriptionState } from '../domain/subscription.decider';

/**
 * In the command's transaction: the subscription's references to its student and plan (neither is
 * removed while subscribed; a cancelled one lets its plan go). The `subscriptions` table is the
 * worker's projection.
 */
export const subscriptionReferences: InlineProjection<SubscriptionEvent, SubscriptionState> = {
  eventTypes: ['SubscriptionStarted', 'SubscriptionCancelled'],
  async apply(trx, { tenantId, streamId, events, before }) {
    const self = { kind: 'subscription', id: streamId };
    for (const event of events) {
      if (event.type === 'SubscriptionStarted')
        await entityReferences.registerReferring(trx, tenantId, self, [
          { target: { kind: 'student', id: event.data.studentId }, label: 'Aluno' },
          { target: { kind: 'plan', id: event.data.planId }, label: 'Plano' },
        ]);
      else if (event.type === 'SubscriptionCancelled' && before.status !== 'absent')
        await entityReferences.forget(trx, tenantId, self, {
          kind: 'plan',
          id: before.subscription.planId,
        });
    }
  },
};

/** Every subscription command, decided on the student's subscription stream. */
@Injectable()
export class SubscriptionCommands extends commandHandlerFor(
  subscriptionDecider,
  subscriptionReferences,
) {}
