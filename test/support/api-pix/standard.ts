import * as path from 'node:path';
import { vendoredSchemas } from '../vendored-schemas';

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
  | 'CobRevisada'
  | 'CobVRevisada'
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

const standard = vendoredSchemas<ApiPixSchema>({
  file: path.join(__dirname, 'schemas.yaml'),
  id: 'https://pix.bcb.gov.br/api-pix.json',
  // The standard's own examples give `location` without a scheme (see schemas.yaml).
  configure: (ajv) => ajv.addFormat('uri', /^(?:[a-z][a-z0-9+.-]*:)?[^\s]+$/i),
});

export const apiPixDocument = standard.document as unknown as Document;

/** The standard's violations of `value` as `schema` (empty when it holds). */
export const violationsOf = (schema: ApiPixSchema, value: unknown): string[] =>
  standard.violationsOf(schema, value);
