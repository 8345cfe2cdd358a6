import type { PublicLinkSettings } from '@contracts/booking';
import type { Location } from '@contracts/locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { publicBookingKeys } from './public-booking-keys';

/** GET /api/settings/public-link (the defaults until the trainer saves their own). */
export function usePublicLinkSettings() {
  return useQuery({
    queryKey: publicBookingKeys.settings(),
    queryFn: ({ signal }) => api.get<PublicLinkSettings>('/settings/public-link', { signal }),
    retry: retryUnlessClientError,
  });
}

/** PUT /api/settings/public-link. */
export function useSavePublicLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PublicLinkSettings) => api.put<{ position: number }>('/settings/public-link', settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicBookingKeys.all }),
  });
}

/** GET /api/locations: the trainer's locations, to pick those the link offers. */
export function useTrainerLocations() {
  return useQuery({
    queryKey: publicBookingKeys.locations(),
    queryFn: ({ signal }) => api.get<{ items: Location[] }>('/locations', { signal }),
    retry: retryUnlessClientError,
    select: (answer) => answer.items,
  });
}
