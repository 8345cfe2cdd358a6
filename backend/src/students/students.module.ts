import { Global, Module } from '@nestjs/common';
import { RenewalCandidates } from '../contracts/advisor/ports';
import { ChargeCredits } from '../contracts/charges/ports';
import {
  ErasureRequests,
  SessionCredits,
  StudentDirectory,
  StudentsByPhone,
} from '../contracts/students/ports';
import { StudentErasureRequests } from './commands/erasure-requests';
import { StudentCommands } from './commands/student.commands';
import { StudentErasure, StudentErasureCommands } from './commands/student-erasure';
import { PhoneStudents } from './commands/students-by-phone';
import { ChargeCreditGrants } from './commands/charge-credits';
import { AttendanceCredits } from './process-managers/credits-on-attendance';
import { StudentsRepository } from './queries/students.repository';
import { StudentsController } from './students.controller';

@Global()
@Module({
  controllers: [StudentsController],
  providers: [
    StudentCommands,
    StudentErasure,
    StudentErasureCommands,
    StudentsRepository,
    { provide: StudentDirectory, useExisting: StudentsRepository },
    { provide: RenewalCandidates, useExisting: StudentsRepository },
    { provide: SessionCredits, useClass: AttendanceCredits },
    { provide: StudentsByPhone, useClass: PhoneStudents },
    { provide: ChargeCredits, useClass: ChargeCreditGrants },
    { provide: ErasureRequests, useClass: StudentErasureRequests },
  ],
  exports: [
    StudentDirectory,
    SessionCredits,
    RenewalCandidates,
    StudentsByPhone,
    ChargeCredits,
    ErasureRequests,
  ],
})
export class StudentsModule {}
