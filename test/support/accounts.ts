/** Trainer accounts for tests that sign up through the API. */

let sequence = 0;

/** For suites that test something else than rate limiting. */
export const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_PER_ADDRESS: '10000/60',
  RATE_LIMIT_LOGIN_PER_EMAIL: '10000/60',
  RATE_LIMIT_SIGNUP: '10000/60',
  RATE_LIMIT_RECOVER: '10000/60',
  RATE_LIMIT_RESET: '10000/60',
};

/** A valid sign-up body with a fresh e-mail (CPF 529.982.247-25 has valid check digits). */
export function signUpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    nome: 'Ana Souza',
    cpf: '52998224725',
    dataNascimento: '1990-05-17',
    telefone: '11987654321',
    email: `ana.${process.pid}.${sequence}.${Date.now()}@exemplo.com.br`,
    password: 'segredo123',
    ...overrides,
  };
}
