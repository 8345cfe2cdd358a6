/** Brazilian documents and phones, one implementation for the API and the SPA. */

import { z } from 'zod';

/** Digits only, at most `max`: a pasted '529.982.247-25' keeps all 11 digits. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

export const CPF_DIGITS = 11;
export const PHONE_DIGITS = 11;
/** The longest phone taken as typed: room for '+55 (11) 98765-4321' and a few spaces more. */
export const PHONE_MAX_LENGTH = 25;

export const cpfDigits = (value: string) => digitsOnly(value, CPF_DIGITS);

/**
 * A phone as pasted or typed, down to DDD and number: '+55 (11) 98765-4321' and '55 11 98765 4321'
 * give '11987654321'. DDD and number are at most 11 digits, so a 55 before 10 or 11 more is the
 * country code (an 11-digit number with DDD 55 keeps its 55).
 */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > PHONE_DIGITS && digits.startsWith('55') ? digits.slice(2) : digits;
}

/** DDD (two digits 1–9) and a landline (8 digits, from 2) or a mobile (9 digits, from 9). */
const BR_PHONE = /^[1-9]{2}(?:[2-8]\d{7}|9\d{8})$/;

export const isValidPhone = (value: string): boolean => BR_PHONE.test(normalizePhone(value));

/** The normalised digits, at most 11: what the mask shows and wa.me links carry. */
export const phoneDigits = (value: string) => normalizePhone(value).slice(0, PHONE_DIGITS);

/**
 * Every phone field of every form and route: masked, pasted with +55 or plain digits in, DDD and
 * number digits out; anything else is `message`, which names the field ('WhatsApp inválido').
 */
export const phoneSchema = (message: string) =>
  z
    .string(message)
    .max(PHONE_MAX_LENGTH, message)
    .refine(isValidPhone, message)
    .transform(normalizePhone);

/** wa.me of a Brazilian number (spec 001 §9: 55 before DDD and number), `text` written; none: no number. */
export function whatsappUrl(phone: string | null | undefined, text?: string): string {
  const digits = phoneDigits(phone ?? '');
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${digits ? `55${digits}` : ''}${query}`;
}

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

export const CNPJ_LENGTH = 14;

/** A CNPJ as the Receita Federal and the DICT write it: letters and digits in upper case, mask aside. */
export const cnpjCharacters = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * A CNPJ, numeric or alphanumeric (IN RFB 2229/2024: 12 letters or digits, then two check
 * digits), not all equal, whose check digits match: each character counts its code minus 48
 * ('0'..'9' are 0..9, 'A' is 17), weighted 2..9 from the right and again, mod 11.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = cnpjCharacters(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((character) => character.charCodeAt(0) - 48);
  const checkDigit = (length: number) => {
    const sum = values
      .slice(0, length)
      .reduce((total, value, index) => total + value * (((length - 1 - index) % 8) + 2), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return checkDigit(12) === values[12] && checkDigit(13) === values[13];
}
