import { Inject, Injectable } from '@nestjs/common';
import type { SlotBookingActor } from '../../contracts/scheduling/ports';
import { StudentSchedule } from '../../contracts/scheduling/ports';
import { type StudentSession } from '../../contracts/student-area/api';
import { SessionsRepository } from '../queries/sessions.repository';
import { SessionScheduling } from './session-scheduling';

/** The student area's port into the agenda: a student's next sessions, and cancelling one. */
@Injectable()
export class StudentScheduleService implements StudentSchedule {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(SessionScheduling) private readonly scheduling: SessionScheduling,
  ) {}

  upcoming(
    tenantId: string,
    studentId: string,
    now: Date,
    limit: number,
  ): Promise<Omit<StudentSession, 'politica'>[]> {
    return this.sessions.upcoming(tenantId, studentId, now, limit);
  }

  agendadas(tenantId: string, studentId: string, now: Date): Promise<number> {
    return this.sessions.countAgendadas(tenantId, studentId, now);
  }

  cancel(actor: SlotBookingActor, studentId: string, sessionId: string) {
    return this.scheduling.cancelAsStudent(actor, studentId, sessionId);
  }
}
