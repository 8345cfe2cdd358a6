import type { messagingApi } from '@contracts/messaging/api';
import { getQuery } from '../../lib/contract-query';
export { pushVapidKey } from './keys';

/** GET /api/push/vapid-key: the applicationServerKey; 404 when the server has push off. */
export const vapidKeyQuery = () => getQuery<typeof messagingApi.vapidKey>('/push/vapid-key', {});
