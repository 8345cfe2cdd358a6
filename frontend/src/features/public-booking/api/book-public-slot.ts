import type { PublicBookingAnswer } from '@contracts/booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { publicBookingKeys } from './public-booking-keys';

export interface PublicBookingRequest {
  locationId: string;
  inicio: string;
  nome: string;
  telefone: string;
  /** The honeypot, as the hidden field holds it (people leave it empty). */
  website: string;
}

/** POST /api/public/:slug/bookings (public) -> 201 the session; 409 slot_taken when someone got it first. */
export function bookPublicSlot(slug: string, { website, ...body }: PublicBookingRequest) {
  return api.post<PublicBookingAnswer>(
    `/public/${encodeURIComponent(slug)}/bookings`,
    website ? { ...body, website } : body,
    { anonymous: true },
  );
}

export function useBookPublicSlot(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublicBookingRequest) => bookPublicSlot(slug, request),
    onSettled: (_answer, error, request) => {
      // Booked or lost to someone else: the slots changed either way.
      if (!error || isApiError(error, 'slot_taken'))
        void queryClient.invalidateQueries({ queryKey: publicBookingKeys.slots(slug, request.locationId) });
    },
  });
}
