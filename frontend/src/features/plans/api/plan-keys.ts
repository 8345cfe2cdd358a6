/** Query keys of the plans feature; invalidating `planKeys.all` refetches every plans query. */
export const planKeys = {
  all: ['plans'] as const,
  list: (withArchived = false) => [...planKeys.all, 'list', { withArchived }] as const,
};
