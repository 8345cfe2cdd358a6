/** Query keys of the student's own area (role aluno). */
export const studentAreaKeys = {
  all: ['student-area'] as const,
  me: () => [...studentAreaKeys.all, 'me'] as const,
  history: () => [...studentAreaKeys.all, 'history'] as const,
  contracts: () => [...studentAreaKeys.all, 'contracts'] as const,
};
