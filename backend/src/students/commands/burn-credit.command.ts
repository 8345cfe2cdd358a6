import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { runStudentCommand } from './run-student-command';

/** Takes one credit as a penalty (for the scheduling context: a late cancellation that burns it). */
export class BurnCreditCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly studentId: string,
    readonly reason: string,
    readonly sessionId?: string,
  ) {
    super();
  }
}

@CommandHandler(BurnCreditCommand)
export class BurnCreditHandler implements ICommandHandler<BurnCreditCommand> {
  constructor(@Inject(CommandRunner) private readonly runner: CommandRunner) {}

  execute(command: BurnCreditCommand): Promise<CommandResult> {
    const { reason, sessionId } = command;
    return runStudentCommand(this.runner, command.context, command.studentId, {
      type: 'BurnCredit',
      reason,
      sessionId,
    });
  }
}
