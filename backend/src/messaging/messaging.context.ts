import { pushDevicePersonalData } from '../contracts/messaging/events';
import { PushNotifications } from '../contracts/messaging/ports';
import type { BoundedContext } from '../platform/context/bounded-context';
import {
  type PushJob,
  PushOutbox,
  PUSH_QUEUE,
  SEND_PUSH,
  sendPush,
} from './application/push-delivery';
import { messagingConfigShape, type MessagingConfig } from './messaging.config';
import { MessagingModule } from './messaging.module';
import { messagingTables } from './messaging.tables';
import { pushNoticesProcessManager } from './process-managers/push-notices';
import { MESSAGING_PROJECTIONS } from './projections';

/**
 * Messages to people on channels other than e-mail: Web Push to the devices a trainer or student
 * subscribed (their consent recorded as events), through an outbox queue keyed by each cause.
 */
export const messagingContext: BoundedContext = {
  name: 'messaging',
  tables: messagingTables,
  module: MessagingModule,
  projections: MESSAGING_PROJECTIONS,
  personalData: [pushDevicePersonalData],
  processManagers: [pushNoticesProcessManager],
  config: messagingConfigShape,
  jobs: {
    [PUSH_QUEUE]: {
      [SEND_PUSH]: async (data, services) => {
        await sendPush(services, data as PushJob);
      },
    },
  },
  workerPorts: [
    {
      port: PushNotifications,
      create: ({ db, jobs, config }) => new PushOutbox(db, jobs, config as MessagingConfig),
    },
  ],
};
