import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { runStudentCommand } from './run-student-command';

export class RemoveStudentCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly studentId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveStudentCommand)
export class RemoveStudentHandler implements ICommandHandler<RemoveStudentCommand> {
  constructor(@Inject(CommandRunner) private readonly runner: CommandRunner) {}

  execute(command: RemoveStudentCommand): Promise<CommandResult> {
    return runStudentCommand(this.runner, command.context, command.studentId, {
      type: 'RemoveStudent',
    });
  }
}
