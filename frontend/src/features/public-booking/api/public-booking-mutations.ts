import { publicBookingApi, publicLinkApi } from '@contracts/booking/api';
import type { InputOf } from '@contracts/shared/routes';
import { useOperation } from '../../../entities/operation';

/** What a visitor sends from the booking form of a location's page. */
export interface PublicBookingRequest {
  locationId: string;
  inicio: string;
  nome: string;
  telefone: string;
  /** The honeypot, as the hidden field holds it (people leave it empty). */
  website: string;
}

/** The request as the operation takes it: the honeypot only when something filled it. */
export const publicBookingInput = (
  slug: string,
  { website, ...body }: PublicBookingRequest,
): InputOf<typeof publicBookingApi.book> => ({
  params: { slug },
  body: website ? { ...body, website } : body,
});

/**
 * POST /api/public/:slug/bookings (public) -> 201 the session; 409 slot_taken when someone got it
 * first (the page then reads the slots again).
 */
export const useBookPublicSlot = () => useOperation(publicBookingApi.book);

/** PUT /api/settings/public-link: the settings. */
export const useSavePublicLinkSettings = () => useOperation(publicLinkApi.save);
