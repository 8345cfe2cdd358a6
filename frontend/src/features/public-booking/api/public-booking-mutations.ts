import { publicBookingApi, publicLinkApi } from '@contracts/booking/api';
import type { InputOf } from '@contracts/shared/routes';
import { publicBookingKey, publicSlotsQuery } from '../../../entities/public-booking';
import { publicLinkKey } from '../../../entities/public-link';
import { useOperation } from '../../../lib/contract-query';

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
export const useBookPublicSlot = (slug: string, locationId: string) =>
  useOperation(publicBookingApi.book, { invalidates: [publicSlotsQuery(slug, locationId).queryKey] });

/** PUT /api/settings/public-link: the settings and what the public pages show with them. */
export const useSavePublicLinkSettings = () =>
  useOperation(publicLinkApi.save, { invalidates: [publicLinkKey, publicBookingKey] });
