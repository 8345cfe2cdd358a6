import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { newPrincipal, type Principal } from '../../../../test/support/api';
import { projectToEndOfLog } from '../../../../test/support/projections';
import { studentProjections } from '../projections';

export { countEvents, http } from '../../../../test/support/api';

export type Trainer = Principal;

/** A trainer of a fresh tenant, with a real access token. */
export const newTrainer = (app: NestFastifyApplication): Promise<Trainer> => newPrincipal(app);

/** Runs the students projections as the worker would, up to the end of the log. */
export function project(app: NestFastifyApplication, timeoutMs = 10_000): Promise<void> {
  return projectToEndOfLog(app, studentProjections, timeoutMs);
}
