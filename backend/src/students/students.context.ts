import type { BoundedContext } from '../platform/context/bounded-context';
import { creditsOnAttendance } from './process-managers/credits-on-attendance';
import { studentProjections } from './projections';
import { StudentsModule } from './students.module';

/** Students and their credit ledger, with the credits their sessions move. */
export const studentsContext: BoundedContext = {
  name: 'students',
  module: StudentsModule,
  projections: studentProjections,
  processManagers: [creditsOnAttendance],
};
