/** Query keys of the student's own area (role aluno). */
export const studentAreaKeys = {
  all: ['student-area'] as const,
  me: () => [...studentAreaKeys.all, 'me'] as const,
  history: () => [...studentAreaKeys.all, 'history'] as const,
  contracts: () => [...studentAreaKeys.all, 'contracts'] as const,
  locations: () => [...studentAreaKeys.all, 'locations'] as const,
  /** The open slots of every location; `slots(id)` of one. */
  everySlot: () => [...studentAreaKeys.all, 'slots'] as const,
  slots: (locationId: string) => [...studentAreaKeys.everySlot(), locationId] as const,
};
