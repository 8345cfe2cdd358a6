/**
 * Query keys of the students feature. Every students query key starts with `studentKeys.all`, so
 * invalidating it (as the realtime 'student' and 'credit' changes do) refetches them all.
 */
export const studentKeys = {
  all: ['students'] as const,
  list: () => [...studentKeys.all, 'list'] as const,
  detail: (id: string) => [...studentKeys.all, 'detail', id] as const,
  history: (id: string) => [...studentKeys.all, 'detail', id, 'history'] as const,
};
