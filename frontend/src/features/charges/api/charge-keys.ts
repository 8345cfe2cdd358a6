/** Query keys of the charges and the PIX settings. */
export const chargeKeys = {
  all: ['charges'] as const,
  lists: () => [...chargeKeys.all, 'list'] as const,
  list: (status?: string) => [...chargeKeys.lists(), status ?? 'todas'] as const,
  charge: (id: string) => [...chargeKeys.all, 'charge', id] as const,
  pixSettings: () => [...chargeKeys.all, 'pix-settings'] as const,
};
