import { messagingApi } from '@contracts/messaging/api';
import { getQuery } from '../../lib/contract-query';

/** GET /api/push/vapid-key: the applicationServerKey; 404 when the server has push off. */
export const vapidKeyQuery = () => getQuery(messagingApi.vapidKey, {});

