/**
 * What every bench starts the API and the worker with: production mode, which has no default
 * secret, so each is given here (bench-only values, never used anywhere else).
 */
export const BENCH_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  PIX_SECRETS_KEY: 'bench-pix-secrets-key-bench-pix-secrets-key',
  PERSONAL_DATA_KEY: 'bench-personal-data-key-bench-personal-data-key',
  AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
} as const;
