import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import type { Database } from '../database/database';
import type { CommandRunner } from '../event-store/command-runner';
import type { Mailer } from '../mail/mailer';
import type { JobQueues } from '../queue/queue.module';

/** A port as contracts/ declares it: an abstract class, the token its implementation is found by. */
export type PortToken<T> = abstract new (...args: never[]) => T;

/** What a context's jobs, timers and process managers get from the worker process. */
export interface WorkerServices {
  db: Kysely<Database>;
  redis: Redis;
  commands: CommandRunner;
  logger: Logger;
  config: AppConfig;
  /** The clock decisions are made with (tests drive it). */
  now: () => Date;
  mailer: Mailer;
  /** Adds and removes the contexts' jobs. */
  jobs: JobQueues;
  /**
   * Another context's port, as its manifest's `workerPorts` builds it: the worker has no Nest
   * container, and a context never imports another.
   */
  port<T>(token: PortToken<T>): T;
}
