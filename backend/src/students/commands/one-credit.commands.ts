import { Inject, type Type } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import type { StudentCommand } from '../domain/student.decider';
import { runStudentCommand } from './run-student-command';

/** A movement of exactly one credit, tied to a reason and, where there is one, a session. */
abstract class OneCreditCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly studentId: string,
    readonly reason: string,
    readonly sessionId?: string,
  ) {
    super();
  }
}

/** Takes one credit; refused with 409 no_credits at zero. */
export class ConsumeCreditCommand extends OneCreditCommand {}

/** Gives back the credit of a session (for the scheduling context: a cancellation in time). */
export class RefundCreditCommand extends OneCreditCommand {}

/** Takes one credit as a penalty (for the scheduling context: a late cancellation that burns it). */
export class BurnCreditCommand extends OneCreditCommand {}

type OneCreditType = Extract<StudentCommand, { sessionId?: string }>['type'];

function oneCreditHandler(command: Type<OneCreditCommand>, type: OneCreditType) {
  @CommandHandler(command)
  class OneCreditHandler implements ICommandHandler<OneCreditCommand> {
    constructor(@Inject(CommandRunner) readonly runner: CommandRunner) {}

    execute({ context, studentId, reason, sessionId }: OneCreditCommand): Promise<CommandResult> {
      return runStudentCommand(this.runner, context, studentId, { type, reason, sessionId });
    }
  }
  return OneCreditHandler;
}

export const ConsumeCreditHandler = oneCreditHandler(ConsumeCreditCommand, 'ConsumeCredit');
export const RefundCreditHandler = oneCreditHandler(RefundCreditCommand, 'RefundCredit');
export const BurnCreditHandler = oneCreditHandler(BurnCreditCommand, 'BurnCredit');
