import type { BoundedContext } from '../platform/context/bounded-context';
import { StudentAreaModule } from './student-area.module';
import { studentAreaTables } from './student-area.tables';

/** The student's own area: reads the other contexts through their ports in contracts/. */
export const studentAreaContext: BoundedContext = {
  name: 'student-area',
  tables: studentAreaTables,
  module: StudentAreaModule,
};
