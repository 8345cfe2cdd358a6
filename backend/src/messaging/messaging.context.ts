import { pushDevicePersonalData, studentChannelsPersonalData } from '../contracts/messaging/events';
import { PushNotifications, WhatsAppMessages } from '../contracts/messaging/ports';
import type { BoundedContext } from '../platform/context/bounded-context';
import {
  type PushJob,
  PushOutbox,
  PUSH_QUEUE,
  SEND_PUSH,
  sendPush,
} from './application/push-delivery';
import {
  SEND_WHATSAPP,
  sendFallback,
  sendWhatsApp,
  WHATSAPP_FALLBACK,
  WHATSAPP_QUEUE,
  type WhatsAppFallbackJob,
  type WhatsAppJob,
  WhatsAppOutbox,
} from './application/whatsapp-delivery';
import { messagingConfigShape, type MessagingConfig } from './messaging.config';
import { MessagingModule } from './messaging.module';
import { messagingTables } from './messaging.tables';
import { pushNoticesProcessManager } from './process-managers/push-notices';
import { reminderReplies } from './process-managers/reminder-replies';
import { studentOptIns } from './process-managers/student-opt-ins';
import { whatsAppOfErasedStudents } from './process-managers/whatsapp-of-erased-students';
import { MESSAGING_PROJECTIONS } from './projections';

/**
 * Messages to people on channels other than e-mail: Web Push to the devices a trainer or student
 * subscribed, and WhatsApp through the Cloud API to students who consented (their consent recorded
 * as events with its evidence, by the trainer or by the student's own opt-in where they gave their
 * data), each through an outbox queue keyed by each cause; the Cloud API's webhooks (statuses,
 * 'PARAR', templates' reviews) verified before anything is read.
 */
export const messagingContext: BoundedContext = {
  name: 'messaging',
  tables: messagingTables,
  module: MessagingModule,
  projections: MESSAGING_PROJECTIONS,
  personalData: [pushDevicePersonalData, studentChannelsPersonalData],
  processManagers: [
    pushNoticesProcessManager,
    whatsAppOfErasedStudents,
    reminderReplies,
    studentOptIns,
  ],
  config: messagingConfigShape,
  jobs: {
    [PUSH_QUEUE]: {
      [SEND_PUSH]: async (data, services) => {
        await sendPush(services, data as PushJob);
      },
    },
    [WHATSAPP_QUEUE]: {
      [SEND_WHATSAPP]: async (data, services) => {
        await sendWhatsApp(services, data as WhatsAppJob);
      },
      [WHATSAPP_FALLBACK]: async (data, services) => {
        await sendFallback(services, data as WhatsAppFallbackJob);
      },
    },
  },
  // A send waits for its number's place in the throughput (80/s) and for the Cloud API: a few in
  // flight per worker keep the pace; the delivery claims keep each message to one send.
  jobConcurrency: { [WHATSAPP_QUEUE]: 8 },
  workerPorts: [
    {
      port: PushNotifications,
      create: ({ db, jobs, config }) => new PushOutbox(db, jobs, config as MessagingConfig),
    },
    {
      port: WhatsAppMessages,
      create: ({ db, jobs }) => new WhatsAppOutbox(db, jobs),
    },
  ],
};
