import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionCatalogue } from '../platform/projections/projection-catalogue';
import { studentCommandHandlers } from './commands';
import { studentProjections } from './projections';
import { studentQueryHandlers } from './queries';
import { StudentsRepository } from './queries/students.repository';
import { StudentsController } from './students.controller';

@Module({
  controllers: [StudentsController],
  providers: [StudentsRepository, ...studentCommandHandlers, ...studentQueryHandlers],
})
export class StudentsModule implements OnModuleInit {
  constructor(@Inject(ProjectionCatalogue) private readonly catalogue: ProjectionCatalogue) {}

  onModuleInit(): void {
    this.catalogue.register(...studentProjections);
  }
}
