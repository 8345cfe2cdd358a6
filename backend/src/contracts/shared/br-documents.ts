/** Brazilian documents and phones, one implementation for the API and the SPA. */

/** Digits only, at most `max`: a pasted '529.982.247-25' keeps all 11 digits. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

export const CPF_DIGITS = 11;
export const PHONE_DIGITS = 11;

export const cpfDigits = (value: string) => digitsOnly(value, CPF_DIGITS);
export const phoneDigits = (value: string) => digitsOnly(value, PHONE_DIGITS);

/** A CPF with 11 digits, not all equal, whose two check digits match. */
export function isValidCpf(value: string): boolean {
  const cpf = value.replace(/\D/g, '');
  if (cpf.length !== CPF_DIGITS || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const checkDigit = (length: number) => {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === digits[9] && checkDigit(10) === digits[10];
}

/** '52998224725' -> '529.982.247-25' (partial input is formatted as far as it goes). */
export function formatCpf(value: string): string {
  const digits = cpfDigits(value);
  return digits
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
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

export const CNPJ_DIGITS = 14;

/** A CNPJ with 14 digits, not all equal, whose two check digits match (weights 5..2,9..2 and 6..2,9..2). */
export function isValidCnpj(value: string): boolean {
  const cnpj = value.replace(/\D/g, '');
  if (cnpj.length !== CNPJ_DIGITS || /^(\d)\1{13}$/.test(cnpj)) return false;
  const digits = [...cnpj].map(Number);
  const checkDigit = (length: number) => {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (((length - 1 - index) % 8) + 2), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return checkDigit(12) === digits[12] && checkDigit(13) === digits[13];
}
