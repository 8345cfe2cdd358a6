import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { runStudentCommand } from './run-student-command';

/** Takes one credit; refused with 409 no_credits at zero. */
export class ConsumeCreditCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly studentId: string,
    readonly reason: string,
    readonly sessionId?: string,
  ) {
    super();
  }
}

@CommandHandler(ConsumeCreditCommand)
export class ConsumeCreditHandler implements ICommandHandler<ConsumeCreditCommand> {
  constructor(@Inject(CommandRunner) private readonly runner: CommandRunner) {}

  execute(command: ConsumeCreditCommand): Promise<CommandResult> {
    const { reason, sessionId } = command;
    return runStudentCommand(this.runner, command.context, command.studentId, {
      type: 'ConsumeCredit',
      reason,
      sessionId,
    });
  }
}
