import type { Plan } from '@contracts/plans/api';
import type { Student } from '@contracts/students/api';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { creditsLabel } from '../../../components/credit-badge';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { studentsKey } from '../../../entities/students';
import { grantCredits } from '../api/student-mutations';
import { renewalReason } from '../lib/renewal';

interface Renewal {
  student: Pick<Student, 'id' | 'nome'>;
  plan: Pick<Plan, 'nome' | 'creditos'>;
}

const renewKey = [...studentsKey, 'renew'] as const;

/**
 * Renovar (spec 001 §4): grants the plan's credits with the reason 'Renovação do plano {nome}',
 * then the student's data reloads. One mutation for a whole page: each renewal gets its own toast,
 * and `renewingIds` says which students are waiting.
 */
export function useRenewPlan() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: renewKey,
    mutationFn: ({ student, plan }: Renewal) =>
      grantCredits({ params: { id: student.id }, body: { amount: plan.creditos, reason: renewalReason(plan) } }),
    onSuccess: (_answer, { student, plan }) => {
      notifySuccess('Plano renovado', `${creditsLabel(plan.creditos)} adicionados para ${student.nome}.`);
      return queryClient.invalidateQueries({ queryKey: studentsKey });
    },
    onError: (error) => notifyError('Erro ao atualizar aluno', error),
  });
  const renewingIds = useMutationState({
    filters: { mutationKey: renewKey, status: 'pending' },
    select: (pending) => (pending.state.variables as Renewal).student.id,
  });
  return { renew: mutation.mutate, renewingIds };
}
