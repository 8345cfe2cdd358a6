/**
 * Query keys of the agenda. Sessions start with `agendaKeys.sessions()` (the realtime 'session'
 * change invalidates them all); the students and locations the forms choose from are the agenda's
 * own reads, refreshed by the 'student', 'credit' and 'location' changes (app/realtime-invalidation.ts).
 */
export const agendaKeys = {
  sessions: () => ['sessions'] as const,
  range: (from: string, to: string) => [...agendaKeys.sessions(), 'range', from, to] as const,
  availability: () => ['availability'] as const,
  vacations: () => ['vacations'] as const,
  students: () => ['agenda', 'students'] as const,
  locations: () => ['agenda', 'locations'] as const,
  /** The tasks the calendar shows on their due days (the tasks view has its own). */
  tasks: () => ['agenda', 'tasks'] as const,
};
