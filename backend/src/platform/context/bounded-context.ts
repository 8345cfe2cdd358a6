import type { Type } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../database/database';
import type { CommandRunner } from '../event-store/command-runner';
import type { Projection } from '../projections/projection';

/** What a context's jobs get from the worker process. */
export interface WorkerServices {
  db: Kysely<Database>;
  redis: Redis;
  commands: CommandRunner;
  logger: Logger;
}

export type JobHandler = (data: unknown, services: WorkerServices) => Promise<void>;

/**
 * A bounded context as the processes see it: the API imports its module and knows its
 * projections (wake-ups, read-your-writes); the worker runs its projections and jobs; both parse
 * its settings with the platform's at start-up. A new context is registered by adding its
 * manifest to `backend/src/contexts.ts`, nowhere else.
 */
export interface BoundedContext {
  name: string;
  /** The Nest module with the context's controllers and providers. */
  module: Type<unknown>;
  /** Its read models. */
  projections?: readonly Projection[];
  /** Its environment settings (zod shape), merged into the process configuration. */
  config?: z.ZodRawShape;
  /** Its background jobs: queue name -> job name -> handler, run by the worker. */
  jobs?: Readonly<Record<string, Readonly<Record<string, JobHandler>>>>;
}
