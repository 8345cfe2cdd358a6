import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { runStudentCommand } from './run-student-command';

export class GrantCreditsCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly studentId: string,
    readonly amount: number,
    readonly reason: string,
    readonly transactionId?: string,
  ) {
    super();
  }
}

@CommandHandler(GrantCreditsCommand)
export class GrantCreditsHandler implements ICommandHandler<GrantCreditsCommand> {
  constructor(@Inject(CommandRunner) private readonly runner: CommandRunner) {}

  execute(command: GrantCreditsCommand): Promise<CommandResult> {
    const { amount, reason, transactionId } = command;
    return runStudentCommand(this.runner, command.context, command.studentId, {
      type: 'GrantCredits',
      amount,
      reason,
      transactionId,
    });
  }
}
