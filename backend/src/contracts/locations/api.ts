import { z } from 'zod';
import { listOf, routes } from '../shared/routes';

/** The locations, postal-code and cancellation-policy routes: bodies, answers and rules, shared by the API and the SPA. */

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} deve ter no máximo ${max} caracteres`).nullable().optional();

export const cepSchema = z
  .string('CEP inválido')
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{8}$/, 'CEP deve ter 8 dígitos'));

/** The parts of an address as the form and the postal-code lookup give them. */
interface AddressParts {
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  uf?: string | null;
}

const ADDRESS_PARTS = ['logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'uf'] as const;

/** The address's parts as stored, each a text or null: the new-location form's fields, to edit them again in the same fields. */
export const locationAddressPartsSchema = z.object({
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
});
export type LocationAddressParts = z.infer<typeof locationAddressPartsSchema>;

/** Each part trimmed (null when blank); null when every part is. */
function storedParts(parts: AddressParts): LocationAddressParts | null {
  const stored = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, parts[part]?.trim() || null]));
  return Object.values(stored).some((value) => value !== null) ? (stored as LocationAddressParts) : null;
}

/** 'street, number[, complement], neighbourhood, city - UF', leaving out what is missing. */
function composeAddress(parts: AddressParts): string | null {
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
    // An address sent whole has no parts.
    partes: endereco ? null : storedParts(parts),
  }));
export type CreateLocationInput = z.input<typeof createLocationSchema>;
/** A location as the API stores it. */
export type LocationDetails = z.output<typeof createLocationSchema>;

/**
 * The fields sent change; `ativo: false` inactivates the location. The address is changed as the
 * new-location form gives it (its parts, composed; every part sent, a blank one cleared) or whole.
 */
export const updateLocationSchema = z
  .strictObject({
    nome: locationFields.nome.optional(),
    cep: locationFields.cep,
    endereco: locationFields.endereco,
    ...addressParts,
    ativo: z.boolean().optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Informe ao menos um campo para alterar')
  .transform(({ endereco, logradouro, numero, complemento, bairro, cidade, uf, ...changes }) => {
    const parts = { logradouro, numero, complemento, bairro, cidade, uf };
    if (Object.values(parts).some((part) => part !== undefined))
      return { ...changes, endereco: composeAddress(parts), partes: storedParts(parts) };
    return endereco === undefined ? changes : { ...changes, endereco, partes: null };
  });
export type UpdateLocationInput = z.input<typeof updateLocationSchema>;

const policyFields = {
  cancelLimiteHoras: z.number().int(),
  /** A share of the session's value (the student's plan value per credit), 2 decimals at most. */
  taxaPercent: z.number(),
  queimaCredito: z.boolean(),
};

/** A location's cancellation policy (spec 001 §3 rules): defaults 24 h, 0 %, no credit burned. */
export const cancellationPolicyAnswerSchema = z.object(policyFields).meta({ id: 'PoliticaDeCancelamento' });
export type CancellationPolicy = z.infer<typeof cancellationPolicyAnswerSchema>;

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  cancelLimiteHoras: 24,
  taxaPercent: 0,
  queimaCredito: false,
};

export const MAX_CANCEL_LIMIT_HOURS = 720;

/** Spec 001 §9: lateness is tolerated up to 10 minutes; beyond 15 the session may be cancelled. */
export const LATE_TOLERANCE_MINUTES = 10;
export const LATE_CANCELLATION_MINUTES = 15;

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

export const locationSchema = z
  .object({
    id: z.uuid(),
    nome: z.string(),
    endereco: z.string().nullable(),
    /** The address's parts when it was given in parts (the form's fields); null when given whole. */
    enderecoPartes: locationAddressPartsSchema.nullable(),
    /** 8 digits. */
    cep: z.string().nullable(),
    ativo: z.boolean(),
    ...policyFields,
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Local' });
export type Location = z.infer<typeof locationSchema>;

/** GET /api/cep/:cep (ViaCEP's field names). */
export const cepAddressSchema = z
  .object({
    /** 8 digits. */
    cep: z.string(),
    logradouro: z.string(),
    bairro: z.string(),
    localidade: z.string(),
    uf: z.string(),
  })
  .meta({ id: 'EnderecoDoCep' });
export type CepAddress = z.infer<typeof cepAddressSchema>;

const trainer = routes('locations', 'personal');
const locations = trainer.collection('/locations');

export const locationsApi = {
  list: locations.list({
    summary: 'Locais do personal, por nome, com a política de cancelamento',
    answer: listOf(locationSchema),
  }),
  get: locations.get({ summary: 'Um local', answer: locationSchema }),
  create: locations.create({
    changes: ['location', 'directory', 'first-steps', 'reminder'],
    summary: 'Cadastra um local (endereço inteiro ou em partes)',
    body: createLocationSchema,
  }),
  update: locations.update({
    changes: ['location', 'directory', 'reminder'],
    summary: 'Altera nome, endereço, CEP; { ativo: false } inativa o local',
    body: updateLocationSchema,
  }),
  remove: locations.remove({
    changes: ['location', 'directory', 'reminder'],
    summary: 'Remove o local; 409 has_links quando há agendamentos nele',
    errors: { has_links: 409 },
  }),
  policy: trainer.get('/locations/{id}/policy', {
    summary: 'Política de cancelamento do local (24 h, 0 %, sem queima até ser definida)',
    answer: cancellationPolicyAnswerSchema,
  }),
  setPolicy: trainer.put('/locations/{id}/policy', {
    changes: ['location'],
    summary: 'Define a política de cancelamento do local',
    body: cancellationPolicySchema,
  }),
  lookupCep: trainer.get('/cep/{cep}', {
    summary: 'Endereço de um CEP (8 dígitos), de um serviço compatível com o ViaCEP',
    answer: cepAddressSchema,
    errors: { cep_not_found: 404, cep_unavailable: 503 },
    live: true,
  }),
};
