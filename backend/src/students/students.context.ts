import { ChargeCredits } from '../contracts/charges/ports';
import { studentPersonalData } from '../contracts/students/events';
import { StudentDirectory } from '../contracts/students/ports';
import type { BoundedContext } from '../platform/context/bounded-context';
import { StudentCommands } from './commands/student.commands';
import { ChargeCreditGrants } from './commands/charge-credits';
import { creditsOnAttendance } from './process-managers/credits-on-attendance';
import { studentProjections } from './projections';
import { StudentsRepository } from './queries/students.repository';
import { StudentsModule } from './students.module';
import { studentsTables } from './students.tables';

/** Students and their credit ledger, with the credits their sessions move. */
export const studentsContext: BoundedContext = {
  name: 'students',
  tables: studentsTables,
  module: StudentsModule,
  projections: studentProjections,
  personalData: [studentPersonalData],
  processManagers: [creditsOnAttendance],
  workerPorts: [
    {
      port: ChargeCredits,
      create: ({ commands }) => new ChargeCreditGrants(new StudentCommands(commands)),
    },
    { port: StudentDirectory, create: ({ db }) => new StudentsRepository(db) },
  ],
};
