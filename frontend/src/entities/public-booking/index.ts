import { publicBookingApi } from '@contracts/booking/api';
import { getQuery } from '../../lib/contract-query';
import { NOT_SAVED } from '../../lib/query-meta';

/** GET /api/public/:slug (public): the trainer, their WhatsApp and the locations offered; 404 'Personal não encontrado'. */
export const publicPageQuery = (slug: string) => ({
  ...getQuery(publicBookingApi.page, { params: { slug } }),
  meta: NOT_SAVED,
});

/**
 * GET /api/public/:slug/locations/:locationId/slots (public): the open slots from today (times
 * only). Read again when the visitor comes back to the tab: someone else may have taken a slot.
 */
export const publicSlotsQuery = (slug: string, locationId: string) => ({
  ...getQuery(publicBookingApi.slots, { params: { slug, locationId } }),
  staleTime: 30_000,
  meta: NOT_SAVED,
});
