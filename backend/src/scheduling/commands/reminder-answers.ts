import { Inject, Injectable } from '@nestjs/common';
import { ReminderAnswers, type SlotBookingActor } from '../../contracts/scheduling/ports';
import { CommandRunner } from '../../platform/event-store/command-runner';
import { SessionCommands } from './session.commands';

/** The student's answers to reminders, on the session's own stream (see ReminderAnswers). */
@Injectable()
export class SessionReminderAnswers implements ReminderAnswers {
  private readonly sessions: SessionCommands;

  constructor(@Inject(CommandRunner) runner: CommandRunner) {
    this.sessions = new SessionCommands(runner);
  }

  async answer(
    actor: SlotBookingActor & { causationId?: string },
    sessionId: string,
    resposta: 'confirmo' | 'remarcar',
    messageId: string,
  ): Promise<void> {
    await this.sessions.handle(actor, sessionId, { type: 'AnswerReminder', resposta, messageId });
  }
}
