/** Spec 001 §5: a CEP is digits only, at most 8 while typing. */
export const cepDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, 8);

/** '01310100' -> '01310-100' (fewer digits are shown as typed so far: '01310-1'). */
export function formatCep(digits: string): string {
  const clean = cepDigits(digits);
  return clean.length > 5 ? `${clean.slice(0, 5)}-${clean.slice(5)}` : clean;
}

/** The lookup runs on leaving the field with exactly 8 digits. */
export const isCompleteCep = (digits: string): boolean => /^\d{8}$/.test(digits);

/** Spec 001 §5: the state is 2 letters, uppercased. */
export const ufLetters = (typed: string): string => typed.replace(/[^A-Za-z]/g, '').slice(0, 2).toUpperCase();
