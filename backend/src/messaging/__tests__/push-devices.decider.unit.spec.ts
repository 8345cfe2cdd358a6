import { deciderSpec } from '../../../../test/support/decider-spec';
import type { PushDeviceEvent, PushSubscribedData } from '../../contracts/messaging/events';
import { pushDevicesDecider } from '../domain/push-devices.decider';

const device: PushSubscribedData = {
  subscriptionId: '0193a000-0000-7000-8000-000000000001',
  userId: '0193a000-0000-7000-8000-0000000000aa',
  studentId: '0193a000-0000-7000-8000-0000000000bb',
  subjectId: '0193a000-0000-7000-8000-0000000000bb',
  endpoint: 'https://push.exemplo.com/send/abc',
  p256dh: 'BPUBLIC',
  auth: 'SECRET',
  userAgent: null,
};
const subscribed: PushDeviceEvent = { type: 'PushSubscribed', data: device };
const given = deciderSpec(pushDevicesDecider, new Date('2026-12-08T12:00:00Z'));

describe('push devices decider', () => {
  it('records a device once; the same subscription again changes nothing', () => {
    given().when({ type: 'SubscribePush', device }).then([subscribed]);
    given(subscribed).when({ type: 'SubscribePush', device }).then([]);
  });

  it('a renewed subscription (new keys, same endpoint) ends the old one', () => {
    const renewed = {
      ...device,
      subscriptionId: '0193a000-0000-7000-8000-000000000002',
      auth: 'NEW',
    };
    given(subscribed)
      .when({ type: 'SubscribePush', device: renewed })
      .then([
        {
          type: 'PushUnsubscribed',
          data: { subscriptionId: device.subscriptionId, motivo: 'aparelho' },
        },
        { type: 'PushSubscribed', data: renewed },
      ]);
  });

  it('unsubscribes by endpoint, once', () => {
    const off: PushDeviceEvent = {
      type: 'PushUnsubscribed',
      data: { subscriptionId: device.subscriptionId, motivo: 'aparelho' },
    };
    given(subscribed)
      .when({ type: 'UnsubscribePush', endpoint: device.endpoint, motivo: 'aparelho' })
      .then([off]);
    given(subscribed, off)
      .when({ type: 'UnsubscribePush', endpoint: device.endpoint, motivo: 'aparelho' })
      .then([]);
  });

  it('a subscription the push service forgot expires once', () => {
    const expired: PushDeviceEvent = {
      type: 'PushSubscriptionExpired',
      data: { subscriptionId: device.subscriptionId, status: 410 },
    };
    given(subscribed)
      .when({ type: 'ExpirePushSubscription', subscriptionId: device.subscriptionId, status: 410 })
      .then([expired]);
    given(subscribed, expired)
      .when({ type: 'ExpirePushSubscription', subscriptionId: device.subscriptionId, status: 410 })
      .then([]);
  });
});
