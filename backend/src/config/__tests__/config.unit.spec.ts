import { ConfigError, parseConfig } from '../config';

describe('parseConfig', () => {
  it('has defaults that work on a developer machine', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/vira');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.CORS_ORIGINS).toEqual([]);
    expect(config.MIGRATE_ON_START).toBe(true);
  });

  it('stops on a bad value naming it', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ MIGRATE_ON_START: 'talvez' })).toThrow(/MIGRATE_ON_START/);
  });

  it('requires a real JWT secret in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(
      parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).JWT_SECRET,
    ).toHaveLength(40);
  });

  it('sends people links to the port the app runs on unless APP_URL says otherwise', () => {
    expect(parseConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
    expect(parseConfig({ PORT: '4100', APP_URL: 'https://vira.app' }).APP_URL).toBe(
      'https://vira.app',
    );
  });

  it('splits CORS origins', () => {
    expect(parseConfig({ CORS_ORIGINS: 'https://a.com, https://b.com' }).CORS_ORIGINS).toEqual([
      'https://a.com',
      'https://b.com',
    ]);
  });

  it('trusts no proxy unless told which', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });
});

describe('SUPPORT_URL', () => {
  it('takes a WhatsApp link or an e-mail address, nothing else', () => {
    expect(parseConfig({ SUPPORT_URL: 'https://wa.me/5511999998888' }).SUPPORT_URL).toBe(
      'https://wa.me/5511999998888',
    );
    expect(parseConfig({ SUPPORT_URL: 'mailto:suporte@vira.app' }).SUPPORT_URL).toBe(
      'mailto:suporte@vira.app',
    );
    expect(() => parseConfig({ SUPPORT_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_URL/);
    expect(parseConfig({}).SUPPORT_URL).toBeUndefined();
  });
});
