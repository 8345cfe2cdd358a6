import { type CancellationPolicy, cancellationPolicySchema } from '@contracts/locations/api';
import { fieldErrors } from '../../../lib/field-errors';

/** The policy form's fields as Mantine's NumberInput gives them ('' when blank). */
export interface PolicyFormValues {
  cancelLimiteHoras: number | string;
  taxaPercent: number | string;
  queimaCredito: boolean;
}

export type PolicyFormErrors = Partial<Record<keyof CancellationPolicy, string>>;

export const policyFormValues = (policy: CancellationPolicy): PolicyFormValues => ({ ...policy });

function toNumber(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim().replace(',', '.');
  return trimmed ? Number(trimmed) : undefined;
}

/** The body to send, checked with contracts' cancellationPolicySchema (0–720 h, 0–100 %), or its problems. */
export function validatePolicyForm(values: PolicyFormValues): { data: CancellationPolicy } | { errors: PolicyFormErrors } {
  const parsed = cancellationPolicySchema.safeParse({
    cancelLimiteHoras: toNumber(values.cancelLimiteHoras),
    taxaPercent: toNumber(values.taxaPercent),
    queimaCredito: values.queimaCredito,
  });
  return parsed.success ? { data: parsed.data } : { errors: fieldErrors<keyof CancellationPolicy>(parsed.error) };
}
