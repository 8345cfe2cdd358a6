import { creditLedgerProjection } from './credit-ledger.projection';
import { studentsProjection } from './students.projection';

export const STUDENTS_PROJECTION = studentsProjection.name;
export const CREDIT_LEDGER_PROJECTION = creditLedgerProjection.name;

/** The read models of the students context, run by the worker. */
export const studentProjections = [studentsProjection, creditLedgerProjection];
