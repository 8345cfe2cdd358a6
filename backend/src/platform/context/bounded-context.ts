import type { DeclaredPersonalFields } from '../../contracts/shared/personal-data';
import type { Type } from '@nestjs/common';
import type { z } from 'zod';
import type { ProcessManager } from '../projections/process-manager';
import type { Projection } from '../projections/projection';
import type { PortToken, WorkerServices } from './worker-services';

export type JobHandler = (data: unknown, services: WorkerServices) => Promise<void>;

/**
 * Work the worker runs on a local timer, at start and then every `everyMs` (needs only
 * PostgreSQL): the safety net of work that Redis only makes faster, as the projections have.
 */
export interface WorkerTimer {
  name: string;
  everyMs: number;
  run(services: WorkerServices): Promise<void>;
}

/** How the worker builds a port this context implements (the API gets it from the Nest module). */
export interface WorkerPort<T = unknown> {
  port: PortToken<T>;
  create(services: WorkerServices): T;
}

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
  /** The personal fields of the events it writes (contracts/shared/personal-data.ts). */
  personalData?: readonly Readonly<Record<string, DeclaredPersonalFields>>[];
  /**
   * Its reactions to events that send commands (credits on attendance, ...): run by the worker like
   * projections, never by `projections:rebuild`.
   */
  processManagers?: readonly ProcessManager[];
  /** Its environment settings (zod shape), merged into the process configuration. */
  config?: z.ZodRawShape;
  /** Its background jobs: queue name -> job name -> handler, run by the worker. */
  jobs?: Readonly<Record<string, Readonly<Record<string, JobHandler>>>>;
  /** Its timers, run by the worker. */
  timers?: readonly WorkerTimer[];
  /** The ports it implements for other contexts' jobs, timers and process managers in the worker. */
  workerPorts?: readonly WorkerPort[];
}
