import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * A standard's own JSON schemas, vendored as `components.schemas` of a YAML file, under a JSON
 * Schema validator: what a loopback service (the API Pix PSP, the WhatsApp Cloud API) checks the
 * requests it gets and the bodies it gives against, so the standard decides, not our reading of it.
 */
export interface VendoredSchemas<Name extends string> {
  /** The parsed file (its `components` and anything else it keeps, such as examples). */
  document: { components: { schemas: Record<string, unknown> } } & Record<string, unknown>;
  /** The standard's violations of `value` as `schema` (empty when it holds). */
  violationsOf(schema: Name, value: unknown): string[];
}

export function vendoredSchemas<Name extends string>(options: {
  file: string;
  /** The $id the schemas are registered under (any fixed URL). */
  id: string;
  /** Formats or keywords the standard uses its own way. */
  configure?: (ajv: Ajv) => void;
}): VendoredSchemas<Name> {
  const document = parse(readFileSync(options.file, 'utf8')) as VendoredSchemas<Name>['document'];
  let ajv: Ajv | undefined;
  const compiled = new Map<Name, ValidateFunction>();
  const validatorOf = (schema: Name): ValidateFunction => {
    if (!ajv) {
      // OpenAPI adds keywords JSON Schema does not know (example, discriminator): not strict.
      ajv = new Ajv({ allErrors: true, strict: false });
      addFormats(ajv);
      options.configure?.(ajv);
      ajv.addSchema({ $id: options.id, components: document.components });
    }
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.getSchema(`${options.id}#/components/schemas/${schema}`);
      if (!validate) throw new Error(`schema ${schema} ausente de ${options.file}`);
      compiled.set(schema, validate);
    }
    return validate;
  };
  return {
    document,
    violationsOf(schema, value) {
      const validate = validatorOf(schema);
      if (validate(value)) return [];
      return (validate.errors ?? []).map((error) =>
        `${schema}${error.instancePath || ''} ${error.message ?? ''}`.trim(),
      );
    },
  };
}
