import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import * as path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';
/** The master key of personal data on a machine without PERSONAL_DATA_KEY. */
export const PERSONAL_DATA_KEY_FILE = 'personal-data-key';
const MIN_SECRET_LENGTH = 32;

/**
 * The folder for local state (`.data/` at the repository root, like the embedded PostgreSQL's
 * and the spawned Redis's data), or VIRA_DATA_DIR. Found from this file, not from the working
 * directory, so the API and the worker started from anywhere agree.
 */
export function defaultDataDirectory(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'backend'))) {
      return path.join(dir, '.data');
    }
  }
  return path.join(process.cwd(), '.data');
}

function readSecret(file: string): string | undefined {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (content.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} não tem um segredo válido (mínimo ${MIN_SECRET_LENGTH} caracteres); apague o arquivo para gerar outro`,
    );
  }
  // Only its owner may read it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return content;
}

/**
 * The signing secret of a machine without JWT_SECRET: random, made once and kept in
 * `<dataDir>/jwt-secret` (mode 600), so tokens survive restarts and the API and the worker share
 * it. The file appears whole or not at all (written aside, then hard-linked into place, which
 * fails if another process got there first), so concurrent starts all read the same secret.
 */
export function generatedSecret(dataDir: string, name = JWT_SECRET_FILE): string {
  const file = path.join(dataDir, name);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const draft = path.join(dataDir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readSecret(file) as string;
}
