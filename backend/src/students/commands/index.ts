import { BurnCreditHandler } from './burn-credit.command';
import { ConsumeCreditHandler } from './consume-credit.command';
import { GrantCreditsHandler } from './grant-credits.command';
import { RefundCreditHandler } from './refund-credit.command';
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
