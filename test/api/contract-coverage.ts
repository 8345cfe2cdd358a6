/**
 * After the integration tests: every operation of the OpenAPI document was seen answering its
 * success at least once, checked against its schema (test/support/contract-answers.ts records what
 * it checked). An operation no test makes succeed is an operation whose answer nobody checked.
 * `npm test` runs it after jest; alone: `npx tsx --tsconfig backend/tsconfig.json test/api/contract-coverage.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { openApiDocument } from '../../backend/src/platform/http/openapi-document';
import { ANSWERS_FOLDER, type CheckedAnswer } from '../support/contract-answers';

const SOURCE = path.resolve(__dirname, '../../backend/src');

async function main(): Promise<void> {
  for (const file of readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.controller.ts') && !file.includes('__tests__')) await import(path.join(SOURCE, file));
  }
  const document = await openApiDocument();
  const seen = new Map<string, Set<number>>();
  const files = existsSync(ANSWERS_FOLDER) ? readdirSync(ANSWERS_FOLDER) : [];
  for (const file of files) {
    for (const line of readFileSync(path.join(ANSWERS_FOLDER, file), 'utf8').split('\n')) {
      if (!line) continue;
      const { operation, status } = JSON.parse(line) as CheckedAnswer;
      if (!seen.has(operation)) seen.set(operation, new Set());
      seen.get(operation)?.add(status);
    }
  }
  const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
  );
  const unseen = operations.filter((name) => ![...(seen.get(name) ?? [])].some((status) => status < 400));
  const statuses = [...seen.values()].reduce((sum, set) => sum + set.size, 0);
  process.stdout.write(
    `${operations.length} operações no documento; ${operations.length - unseen.length} vistas com sucesso; ${statuses} pares operação × status conferidos com o esquema\n`,
  );
  if (unseen.length > 0) {
    process.stdout.write(`Nenhum teste viu o sucesso de:\n${unseen.map((name) => `  ${name}`).join('\n')}\n`);
    process.exit(1);
  }
}

void main();
