import { BurnCreditHandler, ConsumeCreditHandler, RefundCreditHandler } from './one-credit.commands';
import { GrantCreditsHandler } from './grant-credits.command';
import { RegisterStudentHandler } from './register-student.command';
import { RemoveStudentHandler } from './remove-student.command';
import { UpdateStudentHandler } from './update-student.command';

export const studentCommandHandlers = [
  RegisterStudentHandler,
  UpdateStudentHandler,
  RemoveStudentHandler,
  GrantCreditsHandler,
  ConsumeCreditHandler,
  RefundCreditHandler,
  BurnCreditHandler,
];
