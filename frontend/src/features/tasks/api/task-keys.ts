/** Query keys of the tasks feature; invalidating `taskKeys.all` refetches the lists and the tasks. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'lists'] as const,
  tasks: () => [...taskKeys.all, 'tasks'] as const,
};
