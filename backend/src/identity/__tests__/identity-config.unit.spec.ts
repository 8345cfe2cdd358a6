import { ConfigError, parseConfig as parseAppConfig } from '../../config/config';
import { identityConfigShape } from '../identity.config';
import { requiresEmailConfirmation } from '../commands/sign-in.command';

const parseConfig = (env: NodeJS.ProcessEnv) => parseAppConfig(env, [identityConfigShape]);

describe('identity settings from the environment', () => {
  it('reads rate limits as max/seconds with sensible defaults', () => {
    const config = parseConfig({ RATE_LIMIT_SIGNUP: '3/0.5' });
    expect(config.RATE_LIMIT_LOGIN_PER_EMAIL).toEqual({ max: 10, windowMs: 60_000 });
    expect(config.RATE_LIMIT_SIGNUP).toEqual({ max: 3, windowMs: 500 });
    expect(() => parseConfig({ RATE_LIMIT_LOGIN_PER_EMAIL: 'dez por minuto' })).toThrow(
      ConfigError,
    );
  });

  it('requires e-mail confirmation by default in production only', () => {
    expect(
      requiresEmailConfirmation(
        parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PERSONAL_DATA_KEY: 'd'.repeat(32) }),
      ),
    ).toBe(true);
    expect(requiresEmailConfirmation(parseConfig({ NODE_ENV: 'development' }))).toBe(false);
    expect(
      requiresEmailConfirmation(
        parseConfig({ NODE_ENV: 'development', AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' }),
      ),
    ).toBe(true);
    expect(
      requiresEmailConfirmation(
        parseConfig({
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(32), PERSONAL_DATA_KEY: 'd'.repeat(32),
          AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
        }),
      ),
    ).toBe(false);
  });
});
