import type { Kysely } from 'kysely';
import type { ChargeBilling } from '../../contracts/charges/events';
import type { PlanTermsData, PlanTermsEvent } from '../../contracts/plans/events';
import type { StudentProfile } from '../../contracts/students/api';
import type { StudentLifecycleEvent } from '../../contracts/students/events';
import type { Database } from '../../platform/database/database';
import { loadState } from '../../platform/event-store/load-state';

type StudentToCharge = Pick<
  StudentProfile,
  'nome' | 'telefone' | 'whatsapp' | 'email' | 'planoId'
> & { ativo: boolean };

const studentEvents = {
  streamType: 'student',
  initialState: (): StudentToCharge | undefined => undefined,
  evolve(student: StudentToCharge | undefined, event: StudentLifecycleEvent) {
    if (event.type === 'StudentRegistered') {
      const { data } = event;
      return {
        nome: data.nome,
        telefone: data.telefone,
        whatsapp: data.whatsapp,
        email: data.email ?? null,
        planoId: data.planoId ?? null,
        ativo: true,
      };
    }
    if (event.type === 'StudentDeactivated' && student) return { ...student, ativo: false };
    if (event.type === 'StudentReactivated' && student) return { ...student, ativo: true };
    if (event.type === 'StudentUpdated' && student) {
      const { data } = event;
      return {
        nome: data.nome ?? student.nome,
        telefone: data.telefone === undefined ? student.telefone : data.telefone,
        whatsapp: data.whatsapp === undefined ? student.whatsapp : data.whatsapp,
        email: data.email === undefined ? student.email : data.email,
        planoId: data.planoId === undefined ? student.planoId : data.planoId,
        ativo: student.ativo,
      };
    }
    return event.type === 'StudentRemoved' ? undefined : student;
  },
};

const planEvents = {
  streamType: 'plan',
  initialState: (): PlanTermsData | undefined => undefined,
  evolve(
    plan: PlanTermsData | undefined,
    event: PlanTermsEvent | { type: 'PlanRemoved'; data: unknown },
  ) {
    if (event.type === 'PlanCreated') return event.data;
    if (event.type === 'PlanUpdated' && plan) return { ...plan, ...event.data };
    return event.type === 'PlanRemoved' ? undefined : plan;
  },
};

/**
 * What a new charge needs of its student and its plan, folded from their published events as
 * they stand now (never another context's tables, and no wait for the worker): undefined for an
 * unknown id, another tenant's, or one removed.
 */
export async function studentToCharge(
  db: Kysely<Database>,
  tenantId: string,
  studentId: string,
): Promise<StudentToCharge | undefined> {
  return (await loadState(db, tenantId, studentId, studentEvents)).state;
}

export async function planToCharge(
  db: Kysely<Database>,
  tenantId: string,
  planId: string,
): Promise<PlanTermsData | undefined> {
  return (await loadState(db, tenantId, planId, planEvents)).state;
}

/** Whom and what a charge bills, as its events carry it (the student's WhatsApp first). */
export const billingOf = (
  studentId: string,
  student: StudentToCharge,
  planId: string,
  plan: PlanTermsData,
): ChargeBilling => ({
  studentId,
  studentNome: student.nome,
  telefone: student.whatsapp ?? student.telefone,
  planId,
  planNome: plan.nome,
  creditos: plan.creditos,
  valorCentavos: plan.valorCentavos,
});
