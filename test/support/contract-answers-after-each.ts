import { takeViolations } from './contract-answers';

// Every integration test fails on an answer its operation's OpenAPI document does not declare.
afterEach(() => {
  const violations = takeViolations();
  if (violations.length > 0) {
    throw new Error(`Respostas fora do contrato (documento OpenAPI):\n${violations.join('\n')}`);
  }
});
