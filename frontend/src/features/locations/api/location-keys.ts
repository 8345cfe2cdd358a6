/** Query keys of the locations feature; invalidating `locationKeys.all` refetches every locations query. */
export const locationKeys = {
  all: ['locations'] as const,
  list: () => [...locationKeys.all, 'list'] as const,
  detail: (id: string) => [...locationKeys.all, 'detail', id] as const,
  policy: (id: string) => [...locationKeys.all, 'detail', id, 'policy'] as const,
};
