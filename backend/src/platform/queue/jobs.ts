/**
 * The data of every job a producer may enqueue, by queue and job name. A context that adds jobs
 * declares their handlers in its manifest (the worker runs them) and their data here, by
 * declaration merging from its own folder:
 * `declare module '../platform/queue/jobs' { interface JobMap { reminders: { 'reminder.send': { sessionId: string } } } }`.
 */
export interface JobMap {
  projections: {
    /** Read the log after the projection's checkpoint and apply it, until caught up. */
    'projection.run': { projection: string };
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
