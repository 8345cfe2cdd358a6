import { Module } from '@nestjs/common';
import { StudentCommands } from './commands/student.commands';
import { StudentsRepository } from './queries/students.repository';
import { StudentsController } from './students.controller';

@Module({
  controllers: [StudentsController],
  providers: [StudentCommands, StudentsRepository],
})
export class StudentsModule {}
