import type { messagingApi } from '@contracts/messaging/api';
import { entityKey } from '../../lib/query-keys';

/** The server's VAPID key (it changes only with the server's configuration). */
export const pushVapidKey = entityKey<typeof messagingApi.vapidKey>('/push/vapid-key');
