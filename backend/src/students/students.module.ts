import { Global, Module } from '@nestjs/common';
import { StudentDirectory } from '../contracts/students';
import { StudentCommands } from './commands/student.commands';
import { StudentsRepository } from './queries/students.repository';
import { StudentsController } from './students.controller';

@Global()
@Module({
  controllers: [StudentsController],
  providers: [
    StudentCommands,
    StudentsRepository,
    { provide: StudentDirectory, useExisting: StudentsRepository },
  ],
  exports: [StudentDirectory],
})
export class StudentsModule {}
