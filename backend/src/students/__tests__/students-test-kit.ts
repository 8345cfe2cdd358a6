import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { projectToEndOfLog } from '../../../../test/support/projections';
import { studentProjections } from '../projections';

export { countEvents, http } from '../../../../test/support/api';

/** Runs the students projections as the worker would, up to the end of the log. */
export function project(app: NestFastifyApplication, timeoutMs = 10_000): Promise<void> {
  return projectToEndOfLog(app, studentProjections, timeoutMs);
}
