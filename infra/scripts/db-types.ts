/**
 * `npm run db:types`: the row types of every table, generated from the migrated schema into
 * backend/src/platform/database/database.types.ts (never edited by hand). Migrates a scratch
 * database on the local PostgreSQL (or DATABASE_URL's server), generates, drops it.
 * `npm run db:types -- --verify` fails when the checked-in file is not what the schema gives.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { createDatabase, createPool } from '../../backend/src/platform/database/database';
import { migrateToLatest } from '../../backend/src/platform/database/migrator';
import { REPO_ROOT, withAdminClient } from './local-services';

export const DATABASE_TYPES_FILE = path.join(
  REPO_ROOT,
  'backend/src/platform/database/database.types.ts',
);

/** As our pg client reads them (see database.ts): int8 as a number, xid8 selected as text. */
const TYPE_MAPPING = { int8: 'number', xid8: 'string' };
/** Text columns that only ever hold a few values. */
const OVERRIDES = {
  columns: {
    'user_roles.role': '"personal" | "aluno"',
    'email_tokens.purpose': '"confirm_email" | "reset_password"',
  },
};

/** Runs kysely-codegen against `databaseUrl`; `verify` compares instead of writing. */
export function generateDatabaseTypes(databaseUrl: string, verify = false): void {
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/kysely-codegen/dist/cli/bin.js'),
      '--dialect=postgres',
      '--camel-case',
      '--date-parser=string',
      '--numeric-parser=string',
      `--type-mapping=${JSON.stringify(TYPE_MAPPING)}`,
      `--overrides=${JSON.stringify(OVERRIDES)}`,
      '--include-pattern=public.*',
      '--exclude-pattern=public.kysely_*',
      '--log-level=warn',
      `--out-file=${DATABASE_TYPES_FILE}`,
      `--url=${databaseUrl}`,
      ...(verify ? ['--verify'] : []),
    ],
    { stdio: 'inherit' },
  );
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `vira_types_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${scratch}"`));
  try {
    const db = createDatabase(
      createPool({
        connectionString: url.toString(),
        poolMax: 1,
        applicationName: 'vira-db-types',
      }),
    );
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    generateDatabaseTypes(url.toString(), process.argv.includes('--verify'));
  } finally {
    await withAdminClient(adminUrl, (client) =>
      client.query(`drop database if exists "${scratch}" with (force)`),
    );
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
