/** Query keys of the locations feature; invalidating `locationKeys.all` refetches every locations query. */
export const locationKeys = {
  all: ['locations'] as const,
  list: () => [...locationKeys.all, 'list'] as const,
  detail: (id: string) => [...locationKeys.all, 'detail', id] as const,
  policy: (id: string) => [...locationKeys.all, 'detail', id, 'policy'] as const,
};

/** Postal-code lookups: an address per CEP, apart from the tenant's locations (no change makes them stale). */
export const cepKeys = {
  all: ['cep'] as const,
  lookup: (cep: string) => [...cepKeys.all, cep] as const,
};
