import './platform/runtime/gc-tuning';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { AppModule } from './app.module';
import { ConfigError } from './config/config';
import { loadAppConfig } from './contexts';
import { createDatabase, createPool } from './platform/database/database';
import { migrateToLatest } from './platform/database/migrator';
import { createApp } from './platform/http/create-app';

async function migrate(databaseUrl: string): Promise<void> {
  const db = createDatabase(
    createPool({ connectionString: databaseUrl, poolMax: 1, applicationName: 'vira-migrate' }),
  );
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

async function bootstrap(): Promise<void> {
  const config = loadAppConfig();
  if (config.MIGRATE_ON_START) await migrate(config.DATABASE_URL);
  const app = await createApp(AppModule.forConfig(config), config);
  await app.listen({ port: config.PORT, host: config.HOST });
  // The app's own logger (one destination per process), through Nest's.
  new Logger('Vira').log(`Vira API pronta em ${config.APP_URL} (${config.HOST}:${config.PORT})`);
}

bootstrap().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
