/** Digits only, at most 11. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11);
}

/**
 * Brazilian phone mask (spec 000 §5): up to 2 digits as typed; up to 6 '(DD) rest';
 * up to 10 '(DD) NNNN-rest'; 11 '(DD) NNNNN-NNNN'.
 */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length <= 2) return digits;
  const area = digits.slice(0, 2);
  if (digits.length <= 6) return `(${area}) ${digits.slice(2)}`;
  if (digits.length <= 10) return `(${area}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return `(${area}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}
