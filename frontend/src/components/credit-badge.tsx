import { Badge, type BadgeProps } from '@mantine/core';

/** Spec 001 §9: 2 credits or fewer is a low balance. */
export const LOW_BALANCE_THRESHOLD = 2;

export type CreditTone = 'red' | 'yellow' | 'green';

/** Spec 001 §4: 0 or less red, 1 to 2 yellow, above 2 green. */
export function creditTone(creditos: number): CreditTone {
  if (creditos <= 0) return 'red';
  if (creditos <= LOW_BALANCE_THRESHOLD) return 'yellow';
  return 'green';
}

export const isLowBalance = (creditos: number): boolean => creditos <= LOW_BALANCE_THRESHOLD;

/** '1 crédito', '5 créditos', '-1 créditos'. */
export function creditsLabel(creditos: number): string {
  return `${creditos} ${Math.abs(creditos) === 1 ? 'crédito' : 'créditos'}`;
}

const TONE_COLOR: Record<CreditTone, string> = { red: 'red', yellow: 'yellow.5', green: 'green' };

/** A student's balance, coloured by how much is left (filled, with a text colour that stays readable). */
export function CreditBadge({ creditos, ...props }: { creditos: number } & Omit<BadgeProps, 'color' | 'children'>) {
  const tone = creditTone(creditos);
  return (
    <Badge
      variant="filled"
      autoContrast
      color={TONE_COLOR[tone]}
      data-tone={tone}
      tt="none"
      style={{ flexShrink: 0 }}
      {...props}
    >
      {creditsLabel(creditos)}
    </Badge>
  );
}
