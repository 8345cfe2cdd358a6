import type { DeclaredPersonalFields } from '../../contracts/shared/personal-data';
import type { Type } from '@nestjs/common';
import type { Transaction } from 'kysely';
import type { Database } from '../database/database';
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
 * Who takes a person's data out of a column when they are erased (a student, a visitor) or the
 * trainer closes the account:
 * - 'blanked by the read model': the projection's `personalData` sets it at PersonalDataErased;
 * - 'deleted with the person': the erasure deletes the rows (and the closing every row of the tenant);
 * - 'deleted with the account': only the trainer's data, every row of the tenant goes at the closing;
 * - 'sealed': encrypted with the person's own key, which the erasure destroys (crypto-shredding);
 * - 'kept as a keyed digest': not the data, an HMAC of it that cannot be read back.
 */
export type Eraser =
  | 'blanked by the read model'
  | 'deleted with the person'
  | 'deleted with the account'
  | 'sealed'
  | 'kept as a keyed digest';

/**
 * What a table's text columns hold: each of a person's data with who erases it, or nothing of
 * anyone's (a status, a code, a hash of a credential). A test holds every text column of the
 * schema to these declarations, so a new column cannot escape erasure unnoticed.
 */
export interface TableInventory {
  personal?: Readonly<Record<string, Eraser>>;
  notPersonal?: readonly string[];
  /**
   * At an account's closing the tenant's rows (by `tenant_id`) are deleted, unless the table is
   * 'kept' (it holds no tenant's rows, or keeps them on purpose) or its context's `closeAccount`
   * deletes them itself ('by its context': rows found another way, or in an order).
   */
  atClosing?: 'kept' | 'by its context';
}

/** A context's own part of closing an account, in the closing's transaction. */
export type CloseAccount = (trx: Transaction<Database>, tenantId: string) => Promise<void>;

/** Who owns tables: a bounded context, or the platform. */
export interface TablesOwner {
  name: string;
  /** Every table it owns, read models included, and what their text columns hold. */
  tables: TablesInventory;
  /** Deletes what its tables marked 'by its context' hold of the tenant, before the rest goes. */
  closeAccount?: CloseAccount;
}

/** A context's tables (read models and the rest), each with what its text columns hold. */
export type TablesInventory = Readonly<Record<string, TableInventory>>;

/**
 * A bounded context as the processes see it: the API imports its module and knows its
 * projections (wake-ups, read-your-writes); the worker runs its projections and jobs; both parse
 * its settings with the platform's at start-up. A new context is registered by adding its
 * manifest to `backend/src/contexts.ts`, nowhere else.
 */
export interface BoundedContext extends TablesOwner {
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
  /**
   * How many jobs of a queue of its own each worker runs at once (1 unless told): a queue whose
   * jobs mostly wait on an outside service (a paced send) keeps a few in flight.
   */
  jobConcurrency?: Readonly<Record<string, number>>;
  /** Its timers, run by the worker. */
  timers?: readonly WorkerTimer[];
  /** The ports it implements for other contexts' jobs, timers and process managers in the worker. */
  workerPorts?: readonly WorkerPort[];
}
