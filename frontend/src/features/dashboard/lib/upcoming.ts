import type { dashboardApi } from '@contracts/scheduling/api';
import type { AnswerOf } from '@contracts/shared/routes';
import { sessionLocationLabel, STUDENT_NOT_FOUND_LABEL } from '@contracts/scheduling/labels';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '@contracts/shared/time';

export interface UpcomingLine {
  id: string;
  /** 'HH:mm' in the tenant's zone (America/Sao_Paulo), whatever the device's. */
  time: string;
  /** 'Hoje', 'Amanhã' or 'dd/MM'. */
  day: string;
  student: string;
  location: string;
}

/** A line of 'Próximas Sessões' (spec 000 §2): time, student or 'Aluno não encontrado', location, 'Local não encontrado' or 'Sem local'. */
export function upcomingLine(session: AnswerOf<typeof dashboardApi.get>['proximas'][number], now: Date): UpcomingLine {
  const { date, time } = zonedParts(new Date(session.inicio), DEFAULT_TIME_ZONE);
  const today = zonedParts(now, DEFAULT_TIME_ZONE).date;
  const day =
    date === today ? 'Hoje' : date === addDays(today, 1) ? 'Amanhã' : `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  return {
    id: session.id,
    time,
    day,
    student: session.studentNome ?? STUDENT_NOT_FOUND_LABEL,
    location: sessionLocationLabel(session),
  };
}
