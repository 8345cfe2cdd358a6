import { OpenAPIGenerator } from '@orpc/openapi';
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4';
import { z } from 'zod';
import {
  errorBodySchema,
  type Operation,
  OTHER_ANSWER_PREFIX,
} from '../../contracts/shared/routes';
import { implementedOperations } from './implements';

/** The document's shape, as much of it as the app touches. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; description?: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}
export interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

/** `errorBodySchema` for one status: its `statusCode` and the `code`s it carries. */
const errorBody = (status: number, codes: string[]) => ({
  type: 'object' as const,
  properties: {
    statusCode: { const: status },
    code: { enum: codes },
    message: { type: 'string' as const, description: 'Em pt-BR, para o usuário' },
  },
  required: Object.keys(errorBodySchema.shape),
});

/** Schemas named with `.meta({ id })` at an operation's answer or one level in: shared components. */
function namedSchemas(operations: readonly Operation[]): Record<string, { schema: z.ZodType }> {
  const named: Record<string, { schema: z.ZodType }> = {};
  const visit = (schema: unknown, depth: number) => {
    if (!(schema instanceof z.ZodType) || depth > 2) return;
    const id = z.globalRegistry.get(schema)?.id;
    if (id) named[id] = { schema };
    if (schema instanceof z.ZodObject)
      for (const field of Object.values(schema.shape)) visit(field, depth + 1);
    if (schema instanceof z.ZodArray) visit(schema.element, depth + 1);
  };
  for (const operation of operations) visit(operation['~operation'].answer, 0);
  return named;
}

/**
 * The API's OpenAPI 3.1 document, generated from the contracts the controllers implement: every
 * operation with its parameters and headers, its body, its answer and every error status it can
 * answer, each in the API's error shape with its codes.
 */
export function openApiDocument(): Promise<OpenApiDocument> {
  // The contracts do not change while a process runs: generated once (an app's start-up, the
  // integration tests' answer checks).
  generated ??= generate();
  return generated;
}

let generated: Promise<OpenApiDocument> | undefined;

async function generate(): Promise<OpenApiDocument> {
  const implemented = implementedOperations();
  const router = Object.fromEntries(
    implemented.map(({ operation, operationId }) => [operationId, operation]),
  );
  const generator = new OpenAPIGenerator({ schemaConverters: [new ZodToJsonSchemaConverter()] });
  const document = (await generator.generate(router, {
    info: {
      title: 'Vira API',
      description: 'Sua agenda que vira dinheiro — API HTTP',
      version: '1.0.0',
    },
    // Relative: each installation serves its own document, under its own address.
    servers: [{ url: '/', description: 'Esta instalação do Vira' }],
    commonSchemas: namedSchemas(implemented.map(({ operation }) => operation)),
    customErrorResponseBodySchema: (definitions, status) => {
      const own = definitions.find(([code]) => code.startsWith(OTHER_ANSWER_PREFIX));
      return own
        ? own[3]
        : errorBody(
            status,
            definitions.map(([code]) => code),
          );
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  })) as unknown as OpenApiDocument;

  // The contracts' paths are under the global /api prefix.
  const paths: OpenApiDocument['paths'] = {};
  const byOperationId = new Map(implemented.map((entry) => [entry.operationId, entry.operation]));
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const contract = byOperationId.get(operation.operationId ?? '');
      const audience = contract?.['~orpc'].meta.audience;
      // Who may call it: anyone, a trainer (personal), a student (aluno) or anyone signed in.
      operation['x-audience'] = audience;
      // A public operation says so (an empty list), rather than saying nothing.
      operation.security = audience === 'public' ? [] : [{ bearer: [] }];
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) response.description = errorDescription(response);
        // No content answers no body, hence no Content-Type (the generator gave it a JSON one).
        if (status === '204') delete response.content;
      }
    }
    paths[`/api${path}`] = methods;
  }
  return { ...document, paths };
}

/** '404' -> 'not_found': the codes an error status carries, for a reader of the document. */
function errorDescription(response: OpenApiOperation['responses'][string]): string {
  const schema = response.content?.['application/json']?.schema as
    { properties?: { code?: { enum?: string[] } } } | undefined;
  return schema?.properties?.code?.enum?.join(', ') ?? 'Ver o corpo';
}
