import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { runStudentCommand } from './run-student-command';

/** Gives back the credit of a session (for the scheduling context: a cancellation in time). */
export class RefundCreditCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly studentId: string,
    readonly reason: string,
    readonly sessionId?: string,
  ) {
    super();
  }
}

@CommandHandler(RefundCreditCommand)
export class RefundCreditHandler implements ICommandHandler<RefundCreditCommand> {
  constructor(@Inject(CommandRunner) private readonly runner: CommandRunner) {}

  execute(command: RefundCreditCommand): Promise<CommandResult> {
    const { reason, sessionId } = command;
    return runStudentCommand(this.runner, command.context, command.studentId, {
      type: 'RefundCredit',
      reason,
      sessionId,
    });
  }
}
