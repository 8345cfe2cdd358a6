import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import {
  type OpenApiDocument,
  type OpenApiOperation,
  openApiDocument,
} from '../../backend/src/platform/http/openapi-document';

/**
 * Every answer the app gives in the integration tests is held against the OpenAPI document it
 * publishes: the status must be one the operation declares, and a JSON body must match the schema
 * declared for it (a JSON Schema validator, not our own reading). What was checked is recorded, so
 * `npm test` can tell which operations no test has seen answer.
 */

export const ANSWERS_FOLDER = path.resolve(__dirname, '../../test-results/contract-answers');

export interface CheckedAnswer {
  /** `GET /api/plans/{id}` */
  operation: string;
  status: number;
}

interface Compiled {
  operation: OpenApiOperation;
  /** Per declared status: its answer's validator, compiled on first use (null: no JSON body declared). */
  validator: (status: string) => ValidateFunction | null;
}

let compiled: Promise<Map<string, Compiled>> | undefined;
const violations: string[] = [];

/**
 * Each answer schema is compiled the first time a test meets it: a spec sees a handful of the
 * document's operations, and compiling all of them cost every integration spec more than a second.
 */
function compile(document: OpenApiDocument): Map<string, Compiled> {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components ?? {} });
  const operations = new Map<string, Compiled>();
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const validators = new Map<string, ValidateFunction | null>();
      const validator = (status: string): ValidateFunction | null => {
        if (!validators.has(status)) {
          const schema = operation.responses[status]?.content?.['application/json']?.schema;
          validators.set(
            status,
            schema === undefined
              ? null
              : ajv.compile(
                  JSON.parse(
                    JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'),
                  ) as object,
                ),
          );
        }
        return validators.get(status) ?? null;
      };
      operations.set(`${method.toUpperCase()} ${route}`, { operation, validator });
    }
  }
  return operations;
}

/** The document as the app builds it, compiled once per test file (jest gives each file its own modules). */
export function documentedOperations(): Promise<Map<string, Compiled>> {
  compiled ??= openApiDocument().then(compile);
  return compiled;
}

/** '/api/plans/:id' (Fastify's route) -> '/api/plans/{id}' (the document's path). */
const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

function record(answer: CheckedAnswer): void {
  mkdirSync(ANSWERS_FOLDER, { recursive: true });
  appendFileSync(
    path.join(ANSWERS_FOLDER, `${process.env.VIRA_TEST_RUN_PID ?? 'run'}-${process.pid}.jsonl`),
    `${JSON.stringify(answer)}\n`,
  );
}

/** Checks one answer; a mismatch is kept for the test that caused it (`takeViolations`). */
export async function checkAnswer(answer: {
  method: string;
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  body: string | Buffer | undefined;
}): Promise<void> {
  // Unrouted (the SPA's files, a 404 for an unknown path) or the document itself: nothing declared.
  if (!answer.route || !answer.route.startsWith('/api/') || answer.route.startsWith('/api/docs'))
    return;
  const name = `${answer.method} ${documentPath(answer.route)}`;
  const documented = (await documentedOperations()).get(name);
  if (!documented) {
    violations.push(
      `${name}: rota fora do documento (declare-a num contrato de backend/src/contracts)`,
    );
    return;
  }
  const status = String(answer.status);
  if (!(status in documented.operation.responses)) {
    violations.push(
      `${name}: respondeu ${status}, que o documento não declara (${Object.keys(documented.operation.responses).join(', ')})`,
    );
    return;
  }
  record({ operation: name, status: answer.status });
  const validate = documented.validator(status);
  const isJson = answer.contentType?.startsWith('application/json') ?? false;
  if (!validate || !isJson || answer.contentEncoding || answer.body === undefined) return;
  const text = answer.body.toString();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    violations.push(`${name} ${status}: corpo JSON inválido`);
    return;
  }
  if (!validate(body)) {
    const error = validate.errors?.[0];
    violations.push(
      `${name} ${status}: ${error?.instancePath || '(raiz)'} ${error?.message ?? ''} — ${text.slice(0, 300)}`,
    );
  }
}

/** The mismatches seen since the last call. */
export function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Checks every answer `fastify` sends from now on (an onSend hook, after the app's own). */
export function checkAnswersOf(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void checkAnswer({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type') as string | undefined,
      contentEncoding: reply.getHeader('content-encoding') as string | undefined,
      body: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined,
    }).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
