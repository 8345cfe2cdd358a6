/**
 * Amounts typed the Brazilian way. A comma is the decimal separator and dots group thousands
 * ('1.234,56'); a lone dot followed by one or two digits is read as decimals, as phones with a
 * numeric keypad only offer the dot ('12.50'). 'R$' and spaces are ignored.
 */

const THOUSANDS = /^\d{1,3}(\.\d{3})+$/;
const DIGITS = /^\d+$/;

/** The amount in reais; undefined when blank; NaN when it cannot be read as an amount. */
export function parseReais(text: string): number | undefined {
  const cleaned = text.replace(/R\$|\s/g, '');
  if (!cleaned) return undefined;
  const negative = cleaned.startsWith('-');
  const unsigned = negative ? cleaned.slice(1) : cleaned;
  if (!/^[\d.,]+$/.test(unsigned)) return Number.NaN;

  let units: string;
  let decimals = '';
  const commas = unsigned.split(',');
  if (commas.length > 2) return Number.NaN;
  if (commas.length === 2) {
    [units, decimals] = commas;
    if (!DIGITS.test(units) && !THOUSANDS.test(units)) return Number.NaN;
    if (decimals && !DIGITS.test(decimals)) return Number.NaN;
  } else if (/^\d+\.\d{1,2}$/.test(unsigned)) {
    [units, decimals] = unsigned.split('.');
  } else {
    units = unsigned;
    if (!DIGITS.test(units) && !THOUSANDS.test(units)) return Number.NaN;
  }
  const value = Number(`${units.replace(/\./g, '')}.${decimals || '0'}`);
  return negative ? -value : value;
}

const inputFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 -> '1.234,50', how a money field shows an amount (the 'R$' is the field's prefix). */
export function formatReaisInput(reais: number): string {
  return inputFormat.format(reais);
}

/** The typed text tidied up once the field is left: '1234,5' -> '1.234,50'; unreadable text stays as typed. */
export function tidyReaisInput(text: string): string {
  const reais = parseReais(text);
  return reais === undefined || Number.isNaN(reais) || reais < 0 || !hasAtMostTwoDecimals(reais)
    ? text
    : formatReaisInput(reais);
}

function hasAtMostTwoDecimals(reais: number): boolean {
  return Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6;
}
