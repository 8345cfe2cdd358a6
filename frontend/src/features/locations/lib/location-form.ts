import {
  type CepAddress,
  createLocationSchema,
  type CreateLocationInput,
  type Location,
  type UpdateLocationInput,
  updateLocationSchema,
} from '@contracts/locations/api';
import { fieldErrors } from '../../../lib/field-errors';

/** The new-location form's fields as typed; `cep` holds digits only. */
export interface LocationFormValues {
  nome: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
}

export type LocationFormErrors = Partial<Record<keyof LocationFormValues, string>>;

export const emptyLocationForm: LocationFormValues = {
  nome: '',
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: '',
};

/** The address a CEP lookup found, written over the parts it knows (blank answers leave a part alone). */
export function withCepAddress(values: LocationFormValues, address: CepAddress): LocationFormValues {
  const pick = (found: string, typed: string) => found.trim() || typed;
  return {
    ...values,
    logradouro: pick(address.logradouro, values.logradouro),
    bairro: pick(address.bairro, values.bairro),
    cidade: pick(address.localidade, values.cidade),
    uf: pick(address.uf, values.uf).toUpperCase(),
  };
}

/**
 * The body to send: the name and the address in parts, blank parts left out (the API composes
 * 'street, number[, complement], neighbourhood, city - UF'); checked with contracts'
 * createLocationSchema, or the first problem of each field.
 */
export function validateLocationForm(
  values: LocationFormValues,
): { data: CreateLocationInput } | { errors: LocationFormErrors } {
  const input: CreateLocationInput = { nome: values.nome.trim() };
  for (const field of ['cep', 'logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'uf'] as const) {
    const value = values[field].trim();
    if (value) input[field] = value;
  }
  const parsed = createLocationSchema.safeParse(input);
  return parsed.success ? { data: input } : { errors: fieldErrors<keyof LocationFormValues>(parsed.error) };
}

/** The edit dialog's fields: the new-location form's, and active or not. */
export interface LocationEditValues extends LocationFormValues {
  ativo: boolean;
}

export type LocationEditErrors = Partial<Record<keyof LocationEditValues, string>>;

/**
 * A location in the form's fields: its address in the parts it was given, or, for one given whole
 * (before addresses were kept in parts, or through the API), that text as the street line, which
 * saved unchanged is the same address.
 */
export function locationEditValues(location: Location): LocationEditValues {
  const parts = location.enderecoPartes;
  return {
    nome: location.nome,
    cep: location.cep ?? '',
    logradouro: (parts ? parts.logradouro : location.endereco) ?? '',
    numero: parts?.numero ?? '',
    complemento: parts?.complemento ?? '',
    bairro: parts?.bairro ?? '',
    cidade: parts?.cidade ?? '',
    uf: parts?.uf ?? '',
    ativo: location.ativo,
  };
}

/** The PATCH body: every field, a blank one cleared; checked with contracts' updateLocationSchema. */
export function validateLocationEdit(
  values: LocationEditValues,
): { data: UpdateLocationInput } | { errors: LocationEditErrors } {
  const blankAsNull = (value: string) => value.trim() || null;
  const input: UpdateLocationInput = {
    nome: values.nome.trim(),
    cep: blankAsNull(values.cep),
    logradouro: blankAsNull(values.logradouro),
    numero: blankAsNull(values.numero),
    complemento: blankAsNull(values.complemento),
    bairro: blankAsNull(values.bairro),
    cidade: blankAsNull(values.cidade),
    uf: blankAsNull(values.uf),
    ativo: values.ativo,
  };
  const parsed = updateLocationSchema.safeParse(input);
  return parsed.success ? { data: input } : { errors: fieldErrors<keyof LocationEditValues>(parsed.error) };
}

/** '1 local', '3 locais'. */
export const locationsCountLabel = (count: number): string => `${count} ${count === 1 ? 'local' : 'locais'}`;
