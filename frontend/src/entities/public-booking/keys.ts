import type { publicBookingApi } from '@contracts/booking/api';
import { entityKey } from '../../lib/query-keys';

/** Every public read (a trainer's page and the slots of its locations), read without a session and never kept on the device. */
export const publicBookingKey = entityKey<typeof publicBookingApi.page>('/public/{slug}');
