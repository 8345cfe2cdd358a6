import { z } from 'zod';

/** Shapes of the locations, postal-code and cancellation-policy routes, shared by the API and the SPA. */

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} deve ter no máximo ${max} caracteres`).nullable().optional();

export const cepSchema = z
  .string('CEP inválido')
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{8}$/, 'CEP deve ter 8 dígitos'));

/** The parts of an address as the form and the postal-code lookup give them. */
export interface AddressParts {
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  uf?: string | null;
}

/** 'street, number[, complement], neighbourhood, city - UF', leaving out what is missing. */
export function composeAddress(parts: AddressParts): string | null {
  const clean = (value: string | null | undefined) => value?.trim() || undefined;
  const city = [clean(parts.cidade), clean(parts.uf)?.toUpperCase()].filter(Boolean).join(' - ');
  const address = [
    clean(parts.logradouro),
    clean(parts.numero),
    clean(parts.complemento),
    clean(parts.bairro),
    city || undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return address || null;
}

const locationFields = {
  nome: z
    .string('Nome é obrigatório')
    .trim()
    .min(1, 'Nome é obrigatório')
    .max(120, 'Nome deve ter no máximo 120 caracteres'),
  cep: cepSchema.nullable().optional(),
  /** The whole address as one text (the edit dialog); or its parts, composed. */
  endereco: optionalText(300, 'Endereço'),
};

const addressParts = {
  logradouro: optionalText(200, 'Logradouro'),
  numero: optionalText(20, 'Número'),
  complemento: optionalText(100, 'Complemento'),
  bairro: optionalText(100, 'Bairro'),
  cidade: optionalText(100, 'Cidade'),
  uf: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'UF deve ter 2 letras')
    .transform((uf) => uf.toUpperCase())
    .nullable()
    .optional(),
};

export const createLocationSchema = z
  .strictObject({ ...locationFields, ...addressParts })
  .transform(({ nome, cep, endereco, ...parts }) => ({
    nome,
    cep: cep ?? null,
    endereco: endereco ?? composeAddress(parts),
  }));
export type CreateLocationInput = z.input<typeof createLocationSchema>;
/** A location as the API stores it. */
export type LocationDetails = z.output<typeof createLocationSchema>;

/** The fields sent change; `ativo: false` inactivates the location. */
export const updateLocationSchema = z
  .strictObject({
    nome: locationFields.nome.optional(),
    cep: locationFields.cep,
    endereco: locationFields.endereco,
    ativo: z.boolean().optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Informe ao menos um campo para alterar');
export type UpdateLocationInput = z.infer<typeof updateLocationSchema>;

/** A location's cancellation policy (spec 001 §3 rules): defaults 24 h, 0 %, no credit burned. */
export interface CancellationPolicy {
  cancelLimiteHoras: number;
  taxaPercent: number;
  queimaCredito: boolean;
}

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  cancelLimiteHoras: 24,
  taxaPercent: 0,
  queimaCredito: false,
};

export const MAX_CANCEL_LIMIT_HOURS = 720;

/** Spec 001 §9: lateness is tolerated up to 10 minutes; beyond 15 the session may be cancelled. */
export const LATE_TOLERANCE_MINUTES = 10;
export const LATE_CANCELLATION_MINUTES = 15;

/** `taxaPercent` is a share of the session's value: the student's plan value per credit. */

export const cancellationPolicySchema = z.strictObject({
  cancelLimiteHoras: z
    .number('Limite de cancelamento deve ser um número de horas')
    .int('Limite de cancelamento deve ser um número inteiro de horas')
    .min(0, 'Limite de cancelamento não pode ser negativo')
    .max(
      MAX_CANCEL_LIMIT_HOURS,
      `Limite de cancelamento deve ser no máximo ${MAX_CANCEL_LIMIT_HOURS} horas`,
    ),
  taxaPercent: z
    .number('Taxa deve ser um percentual entre 0 e 100')
    .min(0, 'Taxa deve ser um percentual entre 0 e 100')
    .max(100, 'Taxa deve ser um percentual entre 0 e 100')
    .refine(
      (value) =>
        Number.isInteger(Math.round(value * 100)) &&
        Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'Taxa deve ter no máximo duas casas decimais',
    ),
  queimaCredito: z.boolean('Queima de crédito deve ser verdadeiro ou falso'),
});

export interface Location extends CancellationPolicy {
  id: string;
  nome: string;
  endereco: string | null;
  cep: string | null;
  ativo: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/cep/:cep (ViaCEP's field names). */
export interface CepAddress {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

/**
 * The events of a location's stream other contexts read (the scheduling context keeps names and
 * counts from them): type names and data shapes. Stream type 'location', id = the location's id.
 */
export interface LocationEventData {
  LocationCreated: LocationDetails;
  /** Only the fields that changed. */
  LocationUpdated: Partial<LocationDetails>;
  LocationDeactivated: Record<string, never>;
  LocationReactivated: Record<string, never>;
  CancellationPolicySet: CancellationPolicy;
  LocationRemoved: Record<string, never>;
}
export type LocationEventType = keyof LocationEventData;
export type LocationEvent = {
  [Type in LocationEventType]: { type: Type; data: LocationEventData[Type] };
}[LocationEventType];
export const LOCATION_EVENT_TYPES: readonly LocationEventType[] = [
  'LocationCreated',
  'LocationUpdated',
  'LocationDeactivated',
  'LocationReactivated',
  'CancellationPolicySet',
  'LocationRemoved',
];

/**
 * A location's cancellation policy as it stands now (its defaults until the trainer sets one),
 * read by other contexts through this port (the locations context provides it); undefined when
 * the tenant has no such location.
 */
export abstract class LocationPolicies {
  abstract policyOf(tenantId: string, locationId: string): Promise<CancellationPolicy | undefined>;
}

/**
 * A tenant's locations as they stand (removed ones left out; inactive ones with `ativo: false`),
 * read by other contexts through this port (the locations context provides it).
 */
export abstract class LocationDirectory {
  abstract list(tenantId: string): Promise<Location[]>;
}
