import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import { declarePersonalData } from '../shared/personal-data';

/**
 * The events of an account's push devices (stream type 'push-devices', id = the account's user
 * id): each subscription is the person's consent to be notified on that device, and its end
 * (their choice, signing out, or the push service forgetting it) is recorded the same way.
 */
export const PUSH_DEVICES_STREAM_TYPE = 'push-devices';

export interface PushSubscribedData {
  subscriptionId: string;
  userId: string;
  /** The student an aluno's account is; null for the trainer's. */
  studentId: string | null;
  /** Whose data the device's address and keys are: the student, or the trainer (the tenant). */
  subjectId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

export const pushDeviceEvents = {
  PushSubscribed: eventData<PushSubscribedData>(),
  /** 'aparelho': turned off on the device; 'saida': the account signed out there. */
  PushUnsubscribed: eventData<{ subscriptionId: string; motivo: 'aparelho' | 'saida' }>(),
  /** The push service answered 404 or 410: the device's subscription is gone. */
  PushSubscriptionExpired: eventData<{ subscriptionId: string; status: number }>(),
};
export const pushDevicePersonalData = declarePersonalData(pushDeviceEvents, {
  PushSubscribed: { subject: 'subjectId', fields: ['endpoint', 'p256dh', 'auth', 'userAgent'] },
});
export type PushDeviceEvent = EventsOf<typeof pushDeviceEvents>;
export const PUSH_DEVICE_EVENT_TYPES = eventTypesOf(pushDeviceEvents);
