import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v7 as uuidv7 } from 'uuid';
import type { StudentProfile } from '../domain/student.events';
import {
  type CommandContext,
  type CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { runStudentCommand } from './run-student-command';

/** Registers a student under a new server-generated id (UUID v7), with 0 credits. */
export class RegisterStudentCommand extends Command<CommandResult> {
  constructor(
    readonly context: CommandContext,
    readonly profile: StudentProfile,
  ) {
    super();
  }
}

@CommandHandler(RegisterStudentCommand)
export class RegisterStudentHandler implements ICommandHandler<RegisterStudentCommand> {
  constructor(@Inject(CommandRunner) private readonly runner: CommandRunner) {}

  execute(command: RegisterStudentCommand): Promise<CommandResult> {
    return runStudentCommand(
      this.runner,
      command.context,
      uuidv7(),
      { type: 'RegisterStudent', profile: command.profile },
      201,
    );
  }
}
