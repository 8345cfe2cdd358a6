/**
 * The data of every job a producer may enqueue, by queue and job name. A context that adds jobs
 * declares their handlers in its manifest (the worker runs them) and their data here, by
 * declaration merging from its own folder:
 * `declare module '../platform/queue/jobs' { interface JobMap { reminders: { 'reminder.send': { sessionId: string } } } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the contexts that add jobs
export interface JobMap {}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
