import { z } from 'zod';
import { isIsoInstant } from './time';

/** An instant field of a request: refused with a pt-BR 400 naming it, kept as UTC ISO 8601. */
export const instantField = (label: string) =>
  z
    .string(`${label} inválido`)
    .max(40, `${label} inválido (use data e hora com fuso, ISO 8601)`)
    .refine(isIsoInstant, `${label} inválido (use data e hora com fuso, ISO 8601)`)
    .transform((value) => new Date(value).toISOString());
