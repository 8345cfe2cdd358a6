import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { PushDeviceEvent, PushSubscribedData } from '../../contracts/messaging/events';
import { asTheAppRuns } from '../../contexts';
import { pushSubscriptionsProjection } from '../projections/push-subscriptions.projection';

const STUDENT = '0193a000-0000-7000-8000-0000000000bb';
const device = (n: number, studentId: string | null = STUDENT): PushSubscribedData => ({
  subscriptionId: `0193a000-0000-7000-8000-00000000000${n}`,
  userId: '0193a000-0000-7000-8000-0000000000aa',
  studentId,
  subjectId: studentId ?? '0193a000-0000-7000-8000-0000000000cc',
  endpoint: `https://push.exemplo.com/send/${n}`,
  p256dh: `chave-${n}`,
  auth: `segredo-${n}`,
  userAgent: 'Mozilla/5.0',
});
const subscribed = (data: PushSubscribedData): PushDeviceEvent => ({
  type: 'PushSubscribed',
  data,
});
const given = projectionSpec(asTheAppRuns([pushSubscriptionsProjection]));

describe('push subscriptions projection', () => {
  it('keeps a row per device subscribed now', () =>
    given(subscribed(device(1)), subscribed(device(2)))
      .when(
        {
          type: 'PushUnsubscribed',
          data: { subscriptionId: device(1).subscriptionId, motivo: 'saida' },
        },
        subscribed(device(3)),
        {
          type: 'PushSubscriptionExpired',
          data: { subscriptionId: device(3).subscriptionId, status: 410 },
        },
      )
      .then('pushSubscriptions', [
        {
          id: device(2).subscriptionId,
          studentId: STUDENT,
          endpoint: 'https://push.exemplo.com/send/2',
          p256dh: 'chave-2',
          auth: 'segredo-2',
          userAgent: 'Mozilla/5.0',
          createdAt: new Date(SPEC_CLOCK.getTime() + 2_000),
        },
      ]));

  it("an erased student's devices go; the trainer's stay", () =>
    given(subscribed(device(1)), subscribed(device(2, null)))
      .when({ type: 'PersonalDataErased', data: { studentId: STUDENT, subjectIds: [] } })
      .then('pushSubscriptions', [{ id: device(2).subscriptionId, studentId: null }]));

  it("a closed account's devices go", () =>
    given(subscribed(device(1)), subscribed(device(2, null)))
      .when({ type: 'AccountClosed', data: {} })
      .then('pushSubscriptions', []));
});
