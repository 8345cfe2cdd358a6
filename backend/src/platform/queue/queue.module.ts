import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import type { JobMap, JobName, QueueName } from './jobs';
import { closeRedis, createRedis, OutageLog } from './redis';

export const REDIS = Symbol('REDIS');

/** How a job is added: its id (the same id waiting or delayed is not added again), delay and retries. */
export interface JobOptions {
  jobId?: string;
  delay?: number;
  /** Runs in all, the first included; a job that throws runs again until then. */
  attempts?: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
}

/**
 * Producer side of BullMQ: one Queue per name, created on first use, closed on shutdown. The API
 * gets it from Nest; the worker builds its own (WorkerServices.jobs).
 */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly failures = new OutageLog((message) => new Logger(JobQueues.name).warn(message));

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'REDIS_PREFIX'>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.redis,
        prefix: `${this.config.REDIS_PREFIX}:bull`,
      });
      // Redis away: the caller's own call fails (and says so); this is the queue's connection.
      queue.on('error', (error) => this.failures.report(`fila ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<Q extends QueueName, J extends JobName<Q>>(
    queue: Q,
    job: J,
    data: JobMap[Q][J],
    /** A job with the id of one still waiting (or delayed) is not added again. */
    options?: JobOptions,
  ): Promise<void> {
    await this.queue(queue).add(job, data, {
      removeOnComplete: true,
      removeOnFail: 100,
      ...options,
    });
  }

  /** Several jobs of one name in one round trip; the same rules as `add`. */
  async addMany<Q extends QueueName, J extends JobName<Q>>(
    queue: Q,
    job: J,
    jobs: readonly { data: JobMap[Q][J]; options: JobOptions }[],
  ): Promise<void> {
    await this.queue(queue).addBulk(
      jobs.map(({ data, options }) => ({
        name: job,
        data,
        opts: { removeOnComplete: true, removeOnFail: 100, ...options },
      })),
    );
  }

  /** Removes a waiting or delayed job; nothing when there is none (or it is running). */
  async remove(queue: QueueName, jobId: string): Promise<void> {
    await this.queue(queue).remove(jobId);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createRedis(config, 'vira'),
    },
    JobQueues,
  ],
  exports: [REDIS, JobQueues],
})
export class QueueModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}
