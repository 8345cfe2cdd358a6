/**
 * Every queue and the jobs it carries. The worker refuses to start when a job here has no
 * handler, so a job can never be enqueued into the void.
 */
export interface JobMap {
  projections: {
    /** Read the log after the projection's checkpoint and apply it, until caught up. */
    'projection.run': { projection: string };
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
export type JobHandlers = {
  [Q in QueueName]: { [J in JobName<Q>]: (data: JobMap[Q][J]) => Promise<void> };
};

export const QUEUE_JOBS: { [Q in QueueName]: readonly JobName<Q>[] } = {
  projections: ['projection.run'],
};
