import { z } from 'zod';
import { isIsoDate, isIsoMonth, YEARS_ACCEPTED } from './time';

/**
 * A calendar day of a request ('AAAA-MM-DD', a day that exists, years 1900–2199): anything else is
 * a pt-BR 400 naming it, `invalid` being how ('Data inválida', 'Vencimento inválido').
 */
export const isoDateField = (invalid: string) =>
  z.string(invalid).refine(isIsoDate, `${invalid} (use AAAA-MM-DD, ${YEARS_ACCEPTED})`);

/** A month of a request ('AAAA-MM', years 1900–2199): anything else is a pt-BR 400 naming it. */
export const monthField = (invalid = 'Mês inválido') =>
  z.string(invalid).refine(isIsoMonth, `${invalid} (use AAAA-MM, ${YEARS_ACCEPTED})`);
