import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@contracts/plans/api';
import { Select } from '@mantine/core';
import { plansQuery } from '../../../entities/plans';
import { itemsOf } from '../../../lib/contract-query';
import { creditsLabel } from '../../../components/credit-badge';

/** '{nome} - {creditos} créditos' (spec 001 §2), 'Aula avulsa - 1 crédito'. */
export const planOptionLabel = (plan: Pick<Plan, 'nome' | 'creditos'>): string => `${plan.nome} - ${creditsLabel(plan.creditos)}`;

/**
 * The optional 'Plano' select: plans on offer (archived ones are not), plus the student's current
 * plan when it has been archived since, so editing does not drop it unseen.
 */
export function PlanSelect({
  value,
  onChange,
  current,
  error,
}: {
  value: string | null;
  onChange: (planId: string | null) => void;
  /** The plan the student has now, when it is not on offer any more. */
  current?: Plan;
  error?: string;
}) {
  const plans = useQuery({ ...plansQuery(), select: itemsOf });
  const offered = plans.data ?? [];
  const options = offered.map((plan) => ({ value: plan.id, label: planOptionLabel(plan) }));
  if (current && !offered.some((plan) => plan.id === current.id)) {
    options.push({ value: current.id, label: `${planOptionLabel(current)} (arquivado)` });
  }
  return (
    <Select
      label="Plano"
      placeholder={plans.isPending ? 'Carregando planos...' : options.length ? 'Sem plano' : 'Nenhum plano cadastrado'}
      data={options}
      value={value}
      onChange={onChange}
      clearable
      disabled={plans.isPending && !value}
      error={error ?? (plans.isError ? 'Erro ao carregar planos' : undefined)}
      nothingFoundMessage="Nenhum plano encontrado"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
