import type { Kysely } from 'kysely';
import type { PlanTermsData, planTermsEvents } from '../../contracts/plans/events';
import type { StudentProfile } from '../../contracts/students/api';
import type { studentLifecycleEvents } from '../../contracts/students/events';
import type { Database } from '../../platform/database/database';
import { readStream } from '../../platform/event-store/event-store';

/**
 * What a new charge needs of its student and its plan, folded from their published events as
 * they stand now (never another context's tables, and no wait for the worker): undefined for an
 * unknown id, another tenant's, or one removed.
 */
export async function studentToCharge(
  db: Kysely<Database>,
  tenantId: string,
  studentId: string,
): Promise<Pick<StudentProfile, 'nome' | 'telefone' | 'whatsapp' | 'planoId'> | undefined> {
  let student: Pick<StudentProfile, 'nome' | 'telefone' | 'whatsapp' | 'planoId'> | undefined;
  for (const stored of await readStream(db, tenantId, studentId)) {
    if (stored.streamType !== 'student') return undefined;
    if (stored.eventType === 'StudentRegistered') {
      const data = stored.data as (typeof studentLifecycleEvents)['StudentRegistered'];
      student = {
        nome: data.nome,
        telefone: data.telefone,
        whatsapp: data.whatsapp,
        planoId: data.planoId ?? null,
      };
    } else if (stored.eventType === 'StudentUpdated' && student) {
      const data = stored.data as (typeof studentLifecycleEvents)['StudentUpdated'];
      student = {
        nome: data.nome ?? student.nome,
        telefone: data.telefone === undefined ? student.telefone : data.telefone,
        whatsapp: data.whatsapp === undefined ? student.whatsapp : data.whatsapp,
        planoId: data.planoId === undefined ? student.planoId : data.planoId,
      };
    } else if (stored.eventType === 'StudentRemoved') {
      student = undefined;
    }
  }
  return student;
}

export async function planToCharge(
  db: Kysely<Database>,
  tenantId: string,
  planId: string,
): Promise<PlanTermsData | undefined> {
  let plan: PlanTermsData | undefined;
  for (const stored of await readStream(db, tenantId, planId)) {
    if (stored.streamType !== 'plan') return undefined;
    if (stored.eventType === 'PlanCreated')
      plan = stored.data as (typeof planTermsEvents)['PlanCreated'];
    else if (stored.eventType === 'PlanUpdated' && plan)
      plan = { ...plan, ...(stored.data as (typeof planTermsEvents)['PlanUpdated']) };
    else if (stored.eventType === 'PlanRemoved') plan = undefined;
  }
  return plan;
}
