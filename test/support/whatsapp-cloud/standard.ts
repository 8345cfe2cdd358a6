import * as path from 'node:path';
import { vendoredSchemas } from '../vendored-schemas';

/** The Cloud API's schemas the loopback checks against (schemas.yaml says where each is from). */
export type CloudApiSchema =
  | 'Message'
  | 'MessageResponsePayload'
  | 'PhoneNumberInfo'
  | 'GraphAPIError'
  | 'WebhookPayload'
  | 'MessageTemplateCreate'
  | 'MessageTemplateCreated'
  | 'MessageTemplateList';

const cloudApi = vendoredSchemas<CloudApiSchema>({
  file: path.join(__dirname, 'schemas.yaml'),
  id: 'https://graph.facebook.com/v23.0/openapi.json',
});

/** Meta's document's violations of `value` as `schema` (empty when it holds). */
export const cloudApiViolationsOf = (schema: CloudApiSchema, value: unknown): string[] =>
  cloudApi.violationsOf(schema, value);
