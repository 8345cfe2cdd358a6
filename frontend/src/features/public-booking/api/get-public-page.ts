import type { PublicTrainerPage } from '@contracts/booking';
import { useQuery } from '@tanstack/react-query';
import { NOT_SAVED } from '../../../app/offline/persisted-cache';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { publicBookingKeys } from './public-booking-keys';

/** GET /api/public/:slug (public) -> the trainer, their WhatsApp and the locations offered; 404 'Personal não encontrado'. */
export function fetchPublicPage(slug: string, signal?: AbortSignal): Promise<PublicTrainerPage> {
  return api.get<PublicTrainerPage>(`/public/${encodeURIComponent(slug)}`, { signal, anonymous: true });
}

export function usePublicPage(slug: string) {
  return useQuery({
    queryKey: publicBookingKeys.page(slug),
    queryFn: ({ signal }) => fetchPublicPage(slug, signal),
    retry: retryUnlessClientError,
    meta: NOT_SAVED,
  });
}
