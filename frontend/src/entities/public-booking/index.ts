import type { publicBookingApi } from '@contracts/booking/api';
import { getQuery } from '../../lib/contract-query';
import { NOT_SAVED } from '../../lib/query-meta';
export { publicBookingKey } from './keys';

/** GET /api/public/:slug (public): the trainer, their WhatsApp and the locations offered; 404 'Personal não encontrado'. */
export const publicPageQuery = (slug: string) => ({
  ...getQuery<typeof publicBookingApi.page>('/public/{slug}', { params: { slug } }, { anonymous: true }),
  meta: NOT_SAVED,
});

/**
 * GET /api/public/:slug/locations/:locationId/slots (public): the open slots from today (times
 * only). Read again when the visitor comes back to the tab: someone else may have taken a slot.
 */
export const publicSlotsQuery = (slug: string, locationId: string) => ({
  ...getQuery<typeof publicBookingApi.slots>(
    '/public/{slug}/locations/{locationId}/slots',
    { params: { slug, locationId } },
    { anonymous: true },
  ),
  staleTime: 30_000,
  meta: NOT_SAVED,
});
