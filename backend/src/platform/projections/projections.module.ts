import { Global, Module } from '@nestjs/common';
import { MinPositionInterceptor } from './reads-projections.decorator';
import { ProjectionCatalogue } from './projection-catalogue';
import { ProjectionStatus } from './projection-status';
import { ProjectionWaker } from './projection-waker';
import { ReadYourWrites } from './read-your-writes';

@Global()
@Module({
  providers: [
    ProjectionCatalogue,
    ProjectionWaker,
    ProjectionStatus,
    ReadYourWrites,
    MinPositionInterceptor,
  ],
  exports: [
    ProjectionCatalogue,
    ProjectionWaker,
    ProjectionStatus,
    ReadYourWrites,
    MinPositionInterceptor,
  ],
})
export class ProjectionsModule {}
