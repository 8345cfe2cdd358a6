import { parseEnv } from './env';

describe('build-time settings', () => {
  it('defaults what is absent', () => {
    expect(parseEnv(undefined)).toEqual({
      apiBaseUrl: '/api',
      socketPath: '/socket.io',
      appVersion: '1.0.0',
      contractsVersion: 'dev',
    });
    expect(parseEnv({ apiBaseUrl: 'https://api.vira.app/api' })).toMatchObject({ apiBaseUrl: 'https://api.vira.app/api' });
  });

  it('refuses an empty or non-string value, naming it', () => {
    expect(() => parseEnv({ socketPath: '' })).toThrow('Configuração inválida: socketPath');
    expect(() => parseEnv({ appVersion: 1 })).toThrow('Configuração inválida: appVersion');
  });
});
