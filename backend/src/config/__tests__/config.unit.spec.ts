import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ConfigError, parseConfig } from '../config';
import { generatedSecret, PERSONAL_DATA_KEY_FILE } from '../generated-secret';

const repoRoot = path.resolve(__dirname, '../../../..');

/** Runs `generatedSecret(dataDir)` in a separate Node process that waits for `startAt` first. */
function secretFromAnotherProcess(dataDir: string, startAt: number): Promise<string> {
  const script = `
    const { generatedSecret } = require(${JSON.stringify(path.join(__dirname, '../generated-secret.ts'))});
    while (Date.now() < ${startAt}) {}
    process.stdout.write(generatedSecret(${JSON.stringify(dataDir)}));`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), '-e', script],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`saiu com ${code}`)),
    );
  });
}

describe('parseConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vira-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has defaults that work on a developer machine', () => {
    const config = parseConfig({ VIRA_DATA_DIR: dataDir });
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

  it('takes a DATABASE_URL naming several servers and Redis Sentinels, and stays single-server by default', () => {
    const ha = parseConfig({
      VIRA_DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://vira@pg-a:5432,pg-b:5432/vira?target_session_attrs=read-write',
      REDIS_SENTINELS: 'sentinel-a:26379,sentinel-b:26379,sentinel-c:26379',
    });
    expect(ha.DATABASE_URL).toBe(
      'postgres://vira@pg-a:5432,pg-b:5432/vira?target_session_attrs=read-write',
    );
    expect([ha.REDIS_SENTINELS, ha.REDIS_SENTINEL_NAME]).toEqual([
      'sentinel-a:26379,sentinel-b:26379,sentinel-c:26379',
      'vira',
    ]);
    expect(parseConfig({ VIRA_DATA_DIR: dataDir }).REDIS_SENTINELS).toBeUndefined();
    expect(() =>
      parseConfig({
        DATABASE_URL: 'postgres://vira@pg-a:5432,/vira?target_session_attrs=read-write',
      }),
    ).toThrow(/DATABASE_URL/);
    expect(() =>
      parseConfig({ DATABASE_URL: 'postgres://vira@pg-a/vira?target_session_attrs=standby' }),
    ).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ REDIS_SENTINELS: 'sentinel-a' })).toThrow(/REDIS_SENTINELS/);
  });

  it('listens on loopback only unless HOST says otherwise', () => {
    expect(parseConfig({ VIRA_DATA_DIR: dataDir }).HOST).toBe('127.0.0.1');
    expect(parseConfig({ VIRA_DATA_DIR: dataDir, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('without JWT_SECRET outside production, generates a random secret once, kept in the data folder (mode 600)', () => {
    const first = parseConfig({ VIRA_DATA_DIR: dataDir }).JWT_SECRET;
    expect(first).not.toBe('vira-development-secret-never-use-in-production');
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The next start (and the worker) reads the same one; another machine has its own.
    expect(parseConfig({ VIRA_DATA_DIR: dataDir, NODE_ENV: 'test' }).JWT_SECRET).toBe(first);
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'vira-config-'));
    try {
      expect(parseConfig({ VIRA_DATA_DIR: elsewhere }).JWT_SECRET).not.toBe(first);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    // JWT_SECRET, when set, wins.
    expect(parseConfig({ VIRA_DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40) }).JWT_SECRET).toBe(
      's'.repeat(40),
    );
  });

  it('refuses a secret file that is too short instead of signing with it', () => {
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'curto\n', { mode: 0o600 });
    expect(() => parseConfig({ VIRA_DATA_DIR: dataDir })).toThrow(/JWT_SECRET.*jwt-secret/);
  });

  it('gives processes starting at the same moment the same generated secret', async () => {
    const startAt = Date.now() + 1_500;
    const secrets = await Promise.all(
      [1, 2, 3, 4].map(() => secretFromAnotherProcess(dataDir, startAt)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(generatedSecret(dataDir));
  });

  it('requires a real JWT secret in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(
      parseConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PERSONAL_DATA_KEY: 'd'.repeat(40),
      }).JWT_SECRET,
    ).toHaveLength(40);
  });

  it('requires the personal data master key in production, and generates one elsewhere', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /PERSONAL_DATA_KEY: obrigatório em produção/,
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vira-personal-key-'));
    const generated = parseConfig({ NODE_ENV: 'development', VIRA_DATA_DIR: dataDir });
    expect(generated.PERSONAL_DATA_KEY).toBe(generatedSecret(dataDir, PERSONAL_DATA_KEY_FILE));
    expect(generated.PERSONAL_DATA_KEY).not.toBe(generated.JWT_SECRET);
  });

  it('sends people links to the port the app runs on unless APP_URL says otherwise', () => {
    const env = { VIRA_DATA_DIR: dataDir };
    expect(parseConfig(env).APP_URL).toBe('http://localhost:3000');
    expect(parseConfig({ ...env, PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
    expect(parseConfig({ ...env, PORT: '4100', APP_URL: 'https://vira.app' }).APP_URL).toBe(
      'https://vira.app',
    );
  });

  it('splits CORS origins', () => {
    expect(
      parseConfig({ VIRA_DATA_DIR: dataDir, CORS_ORIGINS: 'https://a.com, https://b.com' })
        .CORS_ORIGINS,
    ).toEqual(['https://a.com', 'https://b.com']);
  });

  it('trusts no proxy unless told which', () => {
    const env = { VIRA_DATA_DIR: dataDir };
    expect(parseConfig(env).TRUST_PROXY).toBe(false);
    expect(parseConfig({ ...env, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(parseConfig({ ...env, TRUST_PROXY: '10.0.0.0/8,192.168.0.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,192.168.0.1',
    );
    // A hop count cannot tell the proxy from a client that sends the header itself.
    expect(() => parseConfig({ ...env, TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY: um número de saltos não diz quem é o proxy/,
    );
  });

  it('takes a WhatsApp link or an e-mail address, nothing else', () => {
    const env = { VIRA_DATA_DIR: dataDir };
    expect(parseConfig({ ...env, SUPPORT_URL: 'https://wa.me/5511999998888' }).SUPPORT_URL).toBe(
      'https://wa.me/5511999998888',
    );
    expect(parseConfig({ ...env, SUPPORT_URL: 'mailto:suporte@vira.app' }).SUPPORT_URL).toBe(
      'mailto:suporte@vira.app',
    );
    expect(() => parseConfig({ ...env, SUPPORT_URL: 'javascript:alert(1)' })).toThrow(
      /SUPPORT_URL/,
    );
    expect(parseConfig(env).SUPPORT_URL).toBeUndefined();
  });
});
