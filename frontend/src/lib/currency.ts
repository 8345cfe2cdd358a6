/**
 * Money as the screens write it, with the browser's Intl only: the dashboard's first screen reads it
 * from here, not from lib/format, which brings date-fns and its Portuguese locale (7 kB gzip).
 */
const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 'R$ 1.234,56' (with the non-breaking space Intl uses). */
export function formatCurrency(reais: number): string {
  return currency.format(reais);
}
