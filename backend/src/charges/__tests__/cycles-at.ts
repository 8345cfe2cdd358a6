import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { projectAll, workerServicesOf } from '../../../../test/support/projections';
import { openDueCycles } from '../process-managers/subscription-cycles';

/**
 * The worker at `instant`: its read models up to date, the cycles' clock, then the process
 * managers (the cycles' charges made at the PSP) on that clock too.
 */
export async function cyclesAt(app: NestFastifyApplication, instant: string | Date): Promise<void> {
  const now = () => new Date(instant);
  await projectAll(app, 10_000, { now });
  await openDueCycles(workerServicesOf(app, now));
  await projectAll(app, 10_000, { now });
}
