import { publicBookingApi } from '@contracts/booking/api';
import type { InputOf } from '@contracts/shared/routes';

/** What a visitor sends from the booking form of a location's page. */
export interface PublicBookingRequest {
  locationId: string;
  inicio: string;
  nome: string;
  telefone: string;
  /** They ticked 'Quero receber lembretes e cobranças pelo WhatsApp'. */
  whatsapp: boolean;
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
