import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The API Pix's own JSON schemas (schemas.yaml, vendored from bacen/pix-api's openapi.yaml) under
 * a JSON Schema validator: what the loopback PSP checks every request it gets and every answer it
 * gives against, so it is the standard that decides, not our reading of it.
 */
export type ApiPixSchema =
  | 'CobSolicitada'
  | 'CobGerada'
  | 'CobCompleta'
  | 'CobVSolicitada'
  | 'CobVGerada'
  | 'CobVCompleta'
  | 'Pix'
  | 'WebhookSolicitado'
  | 'WebhookCompleto'
  | 'WebhookPixBody'
  | 'PayloadLocationRecSolicitada'
  | 'PayloadLocationRecCompleta'
  | 'RecSolicitada'
  | 'RecGerada'
  | 'RecCompleta'
  | 'RecRevisada'
  | 'SolicRecSolicitada'
  | 'SolicRecCompleta'
  | 'SolicRecRevisada'
  | 'CobRSolicitada'
  | 'CobRGerada'
  | 'CobRCompleta'
  | 'CobRRevisada'
  | 'CobRRetentativa'
  | 'WebhookRecSolicitado'
  | 'WebhookCobRSolicitado'
  | 'WebhookRecBody'
  | 'WebhookCobRBody'
  | 'Problema';

interface Document {
  components: { schemas: Record<string, unknown> };
  'x-examples': Record<string, Record<string, unknown>>;
}

const DOCUMENT_ID = 'https://pix.bcb.gov.br/api-pix.json';

export const apiPixDocument: Document = parse(
  readFileSync(path.join(__dirname, 'schemas.yaml'), 'utf8'),
) as Document;

function buildAjv(): Ajv {
  // OpenAPI 3.0 adds keywords JSON Schema does not know (example, readOnly): not strict.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // The standard's own examples give `location` without a scheme (see schemas.yaml).
  ajv.addFormat('uri', /^(?:[a-z][a-z0-9+.-]*:)?[^\s]+$/i);
  ajv.addSchema({ $id: DOCUMENT_ID, components: apiPixDocument.components });
  return ajv;
}

let ajv: Ajv | undefined;
const compiled = new Map<ApiPixSchema, ValidateFunction>();

/** The standard's violations of `value` as `schema` (empty when it holds). */
export function violationsOf(schema: ApiPixSchema, value: unknown): string[] {
  ajv ??= buildAjv();
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${schema}`);
    if (!validate) throw new Error(`schema ${schema} ausente de schemas.yaml`);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) =>
    `${schema}${error.instancePath || ''} ${error.message ?? ''}`.trim(),
  );
}
