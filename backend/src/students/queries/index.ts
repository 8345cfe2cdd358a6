import { GetStudentHistoryHandler } from './get-student-history.query';
import { GetStudentHandler } from './get-student.query';
import { ListStudentsHandler } from './list-students.query';

export const studentQueryHandlers = [
  ListStudentsHandler,
  GetStudentHandler,
  GetStudentHistoryHandler,
];
