import { PUSH_DEVICE_EVENT_TYPES, type PushDeviceEvent } from '../../contracts/messaging/events';
import { eventsOfTypes, type Projection } from '../../platform/projections/projection';

/**
 * `push_subscriptions`: the devices each account is notified on now, one row per subscription
 * (its id the subscription's); a device that ends leaves. An erased student's rows go, so do a
 * closed account's.
 */
export const pushSubscriptionsProjection: Projection = {
  name: 'push-subscriptions',
  tables: ['push_subscriptions'],
  eventTypes: PUSH_DEVICE_EVENT_TYPES,
  personalData: [{ table: 'push_subscriptions', subject: 'student_id', set: {}, deleteRows: true }],
  async apply(batch, trx) {
    for (const stored of eventsOfTypes<PushDeviceEvent>(batch, PUSH_DEVICE_EVENT_TYPES)) {
      const { event } = stored;
      switch (event.type) {
        case 'PushSubscribed': {
          const { subscriptionId, subjectId: _subject, ...device } = event.data;
          await trx
            .insertInto('pushSubscriptions')
            .values({
              id: subscriptionId,
              tenantId: stored.tenantId,
              ...device,
              createdAt: stored.occurredAt,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'PushUnsubscribed':
        case 'PushSubscriptionExpired':
          await trx
            .deleteFrom('pushSubscriptions')
            .where('id', '=', event.data.subscriptionId)
            .execute();
      }
    }
    // The devices are nobody's screen: nothing for the browsers to refetch.
    return [];
  },
};
