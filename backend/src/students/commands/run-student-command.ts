import type {
  CommandContext,
  CommandResult,
  CommandRunner,
} from '../../platform/event-store/command-runner';
import { type StudentCommand, studentDecider } from '../domain/student.decider';
import { STUDENT_STREAM } from '../domain/student.events';

/** Every student command goes through the same decider on the student's stream. */
export function runStudentCommand(
  runner: CommandRunner,
  context: CommandContext,
  studentId: string,
  command: StudentCommand,
  successStatus: 200 | 201 = 200,
): Promise<CommandResult> {
  return runner.run({
    streamType: STUDENT_STREAM,
    streamId: studentId,
    decider: studentDecider,
    command,
    context,
    successStatus,
  });
}
