import { type DynamicModule, Global, Module } from '@nestjs/common';
import { COMMAND_OBSERVER } from '../event-store/command-runner';
import type { ProcessManager } from './process-manager';
import type { Projection } from './projection';
import { ProjectionCatalogue } from './projection-catalogue';
import { ProjectionStatus } from './projection-status';
import { ProjectionWaker } from './projection-waker';
import { ProjectionsOnCommit } from './projections-on-commit';
import { ReadYourWrites } from './read-your-writes';
import { ReadYourWritesGuard } from './reads-projections.decorator';

const exported = [
  ProjectionCatalogue,
  ProjectionWaker,
  ProjectionStatus,
  ReadYourWrites,
  ReadYourWritesGuard,
];

/** Wake-ups, read-your-writes and status of the app's projections (run by the worker, read here). */
@Global()
@Module({})
export class ProjectionsModule {
  static forProjections(
    projections: readonly Projection[],
    processManagers: readonly ProcessManager[] = [],
  ): DynamicModule {
    return {
      module: ProjectionsModule,
      providers: [
        ...exported.filter((provider) => provider !== ProjectionCatalogue),
        {
          provide: ProjectionCatalogue,
          useValue: new ProjectionCatalogue(projections, processManagers),
        },
        { provide: COMMAND_OBSERVER, useClass: ProjectionsOnCommit },
      ],
      exports: [...exported, COMMAND_OBSERVER],
    };
  }
}
