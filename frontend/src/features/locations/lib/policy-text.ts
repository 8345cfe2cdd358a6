import type { CancellationPolicy } from '@contracts/locations/api';

import { LATE_CANCELLATION_MINUTES, LATE_TOLERANCE_MINUTES } from '@contracts/locations/api';

export { LATE_CANCELLATION_MINUTES, LATE_TOLERANCE_MINUTES };

export const latenessText =
  `O aluno tem tolerância de até ${LATE_TOLERANCE_MINUTES} minutos de atraso. ` +
  `Com mais de ${LATE_CANCELLATION_MINUTES} minutos de atraso, a sessão pode ser cancelada.`;

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** 1 -> '1 hora', 24 -> '24 horas', 48 -> '48 horas (2 dias)'. */
export function hoursLabel(hours: number): string {
  const label = `${hours} ${hours === 1 ? 'hora' : 'horas'}`;
  return hours >= 48 && hours % 24 === 0 ? `${label} (${hours / 24} dias)` : label;
}

/** 12.5 -> '12,5%'. */
export const percentLabel = (value: number): string => `${percent.format(value)}%`;

/** The policy at a glance: [label, value] rows. */
export function policySummary(policy: CancellationPolicy): Array<[label: string, value: string]> {
  return [
    [
      'Cancelamento sem custo',
      policy.cancelLimiteHoras === 0 ? 'até o início' : `${hoursLabel(policy.cancelLimiteHoras)} antes`,
    ],
    ['Taxa fora do prazo', policy.taxaPercent > 0 ? percentLabel(policy.taxaPercent) : 'Sem taxa'],
    ['Crédito fora do prazo', policy.queimaCredito ? 'Consumido' : 'Devolvido ao aluno'],
  ];
}

/** What the policy means for a student who cancels, in plain Portuguese. */
export function describePolicy(policy: CancellationPolicy): string[] {
  const deadline =
    policy.cancelLimiteHoras === 0
      ? 'O aluno pode cancelar sem custo até o início da sessão.'
      : `O aluno pode cancelar sem custo até ${hoursLabel(policy.cancelLimiteHoras)} antes do início da sessão.`;
  const fee = policy.taxaPercent > 0 ? `paga uma taxa de ${percentLabel(policy.taxaPercent)} do valor da sessão` : undefined;
  let late: string;
  if (fee && policy.queimaCredito) late = `Se cancelar depois desse prazo, ${fee} e perde o crédito da sessão.`;
  else if (fee) late = `Se cancelar depois desse prazo, ${fee}, e o crédito volta para o saldo.`;
  else if (policy.queimaCredito) late = 'Se cancelar depois desse prazo, perde o crédito da sessão, sem taxa adicional.';
  else late = 'Depois desse prazo, o cancelamento também não tem taxa e o crédito volta para o saldo.';
  return [deadline, late];
}
