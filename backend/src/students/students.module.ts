import { Global, Module } from '@nestjs/common';
import { SessionCredits, StudentDirectory, StudentsByPhone } from '../contracts/students';
import { StudentCommands } from './commands/student.commands';
import { PhoneStudents } from './commands/students-by-phone';
import { AttendanceCredits } from './process-managers/credits-on-attendance';
import { StudentsRepository } from './queries/students.repository';
import { StudentsController } from './students.controller';

@Global()
@Module({
  controllers: [StudentsController],
  providers: [
    StudentCommands,
    StudentsRepository,
    { provide: StudentDirectory, useExisting: StudentsRepository },
    { provide: SessionCredits, useClass: AttendanceCredits },
    { provide: StudentsByPhone, useClass: PhoneStudents },
  ],
  exports: [StudentDirectory, SessionCredits, StudentsByPhone],
})
export class StudentsModule {}
