import type { publicBookingApi } from '@contracts/booking/api';
import { deferredKey } from '../../lib/query-keys';

/** Every public read (a trainer's page and the slots of its locations), read without a session and never kept on the device. */
export const publicBookingKey = deferredKey<typeof publicBookingApi.page>('/public/{slug}');
