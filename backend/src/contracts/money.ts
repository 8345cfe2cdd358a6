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

/** An amount in reais from JSON: a number, at least `min`, at most two decimals; parsed to centavos. */
export const reaisSchema = (message: string, min = 0) =>
  z
    .number(message)
    .refine(
      (reais) =>
        Number.isFinite(reais) &&
        reais >= min &&
        Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6 &&
        Math.round(reais * 100) <= MAX_CENTAVOS,
      message,
    )
    .transform(toCentavos);

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 12345 -> 'R$ 123,45' (the non-breaking space Intl uses stays). */
export const formatCentavos = (centavos: number): string => brl.format(centavos / 100);
