import { z } from 'zod';

/**
 * Money: integer centavos in code, reais with two decimals in JSON, numeric(12,2) in SQL. Floats
 * never add up money; conversions happen once, at the edges, here.
 */

/** The largest amount numeric(12,2) holds, in centavos. */
export const MAX_CENTAVOS = 99_999_999_999;

/** 123.45 -> 12345; throws on more than two decimals or a non-finite number. */
export function toCentavos(reais: number): number {
  const centavos = Math.round(reais * 100);
  if (!Number.isFinite(reais) || Math.abs(reais * 100 - centavos) > 1e-6)
    throw new RangeError(`valor em reais com mais de duas casas: ${reais}`);
  return centavos;
}

/** 12345 -> 123.45 */
export const toReais = (centavos: number): number => centavos / 100;

/** '123.45' (numeric from PostgreSQL) -> 12345, exactly. */
export function centavosFromNumeric(value: string): number {
  const [units, decimals = ''] = value.split('.');
  const sign = units.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(units)) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2)));
}

/** 12345 -> '123.45', for numeric(12,2). */
export function numericFromCentavos(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(centavos);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

const hasTwoDecimalsAtMost = (reais: number) =>
  Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6;

/**
 * An amount in reais from JSON: a number, at least `min`, at most two decimals, up to
 * numeric(12,2); parsed to centavos. Each failure names the field and says what is wrong: 'Valor
 * deve ser maior que zero', 'Valor muito alto', 'Valor deve ter no máximo duas casas decimais'.
 */
export const reaisSchema = (
  label: string,
  {
    min = 0.01,
    minMessage = `${label} deve ser maior que zero`,
    maxMessage = `${label} muito alto`,
  }: { min?: number; minMessage?: string; maxMessage?: string } = {},
) =>
  z
    // Left blank, the field is below its minimum; anything else that is not a number says so.
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? minMessage
          : `${label} deve ser um número`,
    })
    .refine(Number.isFinite, `${label} deve ser um número`)
    .refine((reais) => reais >= min, minMessage)
    .refine((reais) => Math.round(reais * 100) <= MAX_CENTAVOS, maxMessage)
    .refine(hasTwoDecimalsAtMost, `${label} deve ter no máximo duas casas decimais`)
    .transform(toCentavos);

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 12345 -> 'R$ 123,45' (the non-breaking space Intl uses stays). */
export const formatCentavos = (centavos: number): string => brl.format(centavos / 100);
