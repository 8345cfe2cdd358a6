import type { BoundedContext } from '../platform/context/bounded-context';
import { StudentAreaModule } from './student-area.module';

/** The student's own area: reads the other contexts through their ports in contracts/. */
export const studentAreaContext: BoundedContext = {
  name: 'student-area',
  module: StudentAreaModule,
};
