import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** A PEM certificate and its private key. */
export interface KeyPair {
  certificadoPem: string;
  chavePem: string;
}

/**
 * The certificates of a mutual-TLS test, made at test time with Debian's openssl (no private key
 * is ever committed): a CA, the PSP's server certificate for 127.0.0.1/localhost, a client
 * certificate the PSP trusts and one from another CA that it refuses.
 */
export interface TestCertificates {
  ca: string;
  server: KeyPair;
  client: KeyPair;
  strangerClient: KeyPair;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** openssl's arguments for a new P-256 key, unencrypted, into `${name}.key`. */
const newKey = (name: string) => [
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:prime256v1',
  '-nodes',
  '-keyout',
  `${name}.key`,
];

function makeCa(dir: string, name: string): void {
  openssl(dir, [
    'req',
    '-x509',
    ...newKey(name),
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
  ]);
}

function issue(dir: string, ca: string, name: string, extensions: string): KeyPair {
  openssl(dir, ['req', ...newKey(name), '-out', `${name}.csr`, '-subj', `/CN=${name}`]);
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
  return {
    certificadoPem: readFileSync(path.join(dir, `${name}.crt`), 'utf8'),
    chavePem: readFileSync(path.join(dir, `${name}.key`), 'utf8'),
  };
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'vira-psp-ca-'));
  try {
    makeCa(dir, 'psp-ca');
    makeCa(dir, 'outra-ca');
    const server = issue(
      dir,
      'psp-ca',
      'psp-server',
      'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
    );
    const client = issue(dir, 'psp-ca', 'vira-client', 'extendedKeyUsage=clientAuth\n');
    const strangerClient = issue(
      dir,
      'outra-ca',
      'stranger-client',
      'extendedKeyUsage=clientAuth\n',
    );
    return {
      ca: readFileSync(path.join(dir, 'psp-ca.crt'), 'utf8'),
      server,
      client,
      strangerClient,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
