import type { BoundedContext } from '../platform/context/bounded-context';
import { studentProjections } from './projections';
import { StudentsModule } from './students.module';

/** Students and their credit ledger. */
export const studentsContext: BoundedContext = {
  name: 'students',
  module: StudentsModule,
  projections: studentProjections,
};
