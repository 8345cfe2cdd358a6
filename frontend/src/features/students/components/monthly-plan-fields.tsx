import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pixSettingsQuery } from '../../../entities/pix-settings';
import { plansQuery } from '../../../entities/plans';
import { itemsOf } from '../../../lib/contract-query';
import { formatCurrency } from '../../../lib/format';

/** The select's value for no subscription. */
export const NO_MONTHLY_PLAN = 'nenhum';

export interface MonthlyPlanValues {
  /** NO_MONTHLY_PLAN: no subscription. */
  planoMensalId: string;
  /** AAAA-MM-DD. */
  inicio: string;
  cpf: string;
}

/** The trainer's plans with 'Cobrança mensal' (the ones a student can subscribe to). */
export const useMonthlyPlans = () =>
  useQuery({
    ...plansQuery(),
    select: (answer) => itemsOf(answer).filter((plan) => plan.cobranca.tipo === 'mensal'),
  });

/**
 * The new student's optional subscription, shown once the trainer has a monthly plan: 'Plano
 * mensal' ('Nenhum' by default), then 'Início' and, when the trainer's Pix goes through their PSP
 * (its charge with a due date names the payer), the payer's CPF.
 */
export function MonthlyPlanFields({
  values,
  errors,
  onChange,
}: {
  values: MonthlyPlanValues;
  errors: Partial<Record<keyof MonthlyPlanValues, string>>;
  onChange: <K extends keyof MonthlyPlanValues>(field: K, value: MonthlyPlanValues[K]) => void;
}) {
  const plans = useMonthlyPlans();
  const pix = useQuery({ ...pixSettingsQuery(), enabled: Boolean(plans.data?.length) });
  if (!plans.data?.length) return null;
  const subscribing = values.planoMensalId !== NO_MONTHLY_PLAN;
  const throughPsp = pix.data !== undefined && 'provedor' in pix.data && pix.data.provedor === 'api-pix';
  return (
    <Stack gap="sm">
      <Select
        label="Plano mensal"
        description="Cada ciclo vira uma cobrança antes do vencimento"
        data={[
          { value: NO_MONTHLY_PLAN, label: 'Nenhum' },
          ...plans.data.map((plan) => ({
            value: plan.id,
            label: `${plan.nome} · ${formatCurrency(plan.valor)} todo dia ${plan.cobranca.diaVencimento}`,
          })),
        ]}
        value={values.planoMensalId}
        onChange={(value) => onChange('planoMensalId', value ?? NO_MONTHLY_PLAN)}
        allowDeselect={false}
        error={errors.planoMensalId}
        comboboxProps={{ withinPortal: true }}
      />
      {subscribing && (
        <SimpleGrid cols={{ base: 1, xs: throughPsp ? 2 : 1 }} spacing="sm">
          <TextInput
            type="date"
            label="Início"
            description="O 1º vencimento é o dia do plano a partir daqui"
            value={values.inicio}
            onChange={(event) => onChange('inicio', event.currentTarget.value)}
            error={errors.inicio}
          />
          {throughPsp && (
            <TextInput
              label="CPF do pagador"
              description="Opcional; para a cobrança com vencimento no PSP"
              inputMode="numeric"
              value={values.cpf}
              onChange={(event) => onChange('cpf', event.currentTarget.value)}
              maxLength={14}
              error={errors.cpf}
            />
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
