import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { FileMigrationProvider, Migrator, type Kysely, type MigrationResultSet } from 'kysely';

// Same relative path from backend/src/platform/database and from backend/dist/backend/src/platform/database.
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../../../migrations');

export function createMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_FOLDER }),
  });
}

function unwrap(resultSet: MigrationResultSet): string[] {
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    const cause =
      resultSet.error instanceof Error ? resultSet.error.message : String(resultSet.error);
    throw new Error(`Migração falhou${failed ? ` em ${failed.migrationName}` : ''}: ${cause}`);
  }
  return (resultSet.results ?? []).map((result) => `${result.direction} ${result.migrationName}`);
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateToLatest());
}

export async function migrateDown<DB>(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateDown());
}
