import type { CreateLocationInput } from '@contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

/** POST /api/locations with the address in parts (the API composes it with contracts' composeAddress). */
export function createLocation(input: CreateLocationInput) {
  return api.post<{ id: string; position: number }>('/locations', input);
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
