// Redocly's recommended rules over an OpenAPI document (a JSON file), run by
// test/api/openapi-lint.int.spec.ts in a process of its own: @redocly/openapi-core is an ES module,
// which jest's CommonJS runtime does not load. Prints the problems as JSON.
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const [file, rulesJson] = process.argv.slice(2);
const config = await createConfig({ extends: ['recommended'], rules: JSON.parse(rulesJson ?? '{}') });
const problems = await lintFromString({
  source: readFileSync(file, 'utf8'),
  absoluteRef: file,
  config,
});
process.stdout.write(
  JSON.stringify(
    problems.map(({ ruleId, severity, message, location }) => ({
      ruleId,
      severity,
      message,
      where: location[0]?.pointer,
    })),
  ),
);
