/** `npm run migrate` (up to latest) and `npm run migrate:down` (one step back) on DATABASE_URL or the local default. */
import { Kysely } from 'kysely';
import { loadAppConfig } from '../../backend/src/contexts';
import { createDatabase, createPool } from '../../backend/src/platform/database/database';
import { migrateDown, migrateToLatest } from '../../backend/src/platform/database/migrator';

async function main(direction: string | undefined): Promise<void> {
  if (direction !== 'up' && direction !== 'down') throw new Error('uso: migrate.ts up|down');
  const config = loadAppConfig();
  const db: Kysely<unknown> = createDatabase(
    createPool({
      connectionString: config.DATABASE_URL,
      poolMax: 1,
      applicationName: 'vira-migrate',
    }),
  );
  try {
    const applied = direction === 'up' ? await migrateToLatest(db) : await migrateDown(db);
    process.stdout.write(applied.length ? `${applied.join('\n')}\n` : 'Nada a migrar.\n');
  } finally {
    await db.destroy();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
