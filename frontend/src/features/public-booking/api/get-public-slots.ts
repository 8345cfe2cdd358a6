import type { PublicSlots } from '@contracts/booking';
import { useQuery } from '@tanstack/react-query';
import { NOT_SAVED } from '../../../app/offline/persisted-cache';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { publicBookingKeys } from './public-booking-keys';

/** GET /api/public/:slug/locations/:locationId/slots (public) -> the open slots from today (times only). */
export function fetchPublicSlots(slug: string, locationId: string, signal?: AbortSignal): Promise<PublicSlots> {
  return api.get<PublicSlots>(
    `/public/${encodeURIComponent(slug)}/locations/${encodeURIComponent(locationId)}/slots`,
    { signal, anonymous: true },
  );
}

/** Read again when the visitor comes back to the tab: someone else may have taken a slot. */
export function usePublicSlots(slug: string, locationId: string) {
  return useQuery({
    queryKey: publicBookingKeys.slots(slug, locationId),
    queryFn: ({ signal }) => fetchPublicSlots(slug, locationId, signal),
    retry: retryUnlessClientError,
    staleTime: 30_000,
    meta: NOT_SAVED,
  });
}
