import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StudentProfile } from '../domain/student.events';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { runStudentCommand } from './run-student-command';

export class UpdateStudentCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly studentId: string,
    readonly changes: Partial<StudentProfile>,
  ) {
    super();
  }
}

@CommandHandler(UpdateStudentCommand)
export class UpdateStudentHandler implements ICommandHandler<UpdateStudentCommand> {
  constructor(@Inject(CommandRunner) private readonly runner: CommandRunner) {}

  execute(command: UpdateStudentCommand): Promise<CommandResult> {
    return runStudentCommand(this.runner, command.context, command.studentId, {
      type: 'UpdateStudent',
      changes: command.changes,
    });
  }
}
