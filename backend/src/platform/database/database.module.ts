import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { createDatabase, createPool } from './database';
import type { Database } from './database';

export const PG_POOL = Symbol('PG_POOL');
export const DATABASE = Symbol('DATABASE');
export type Db = Kysely<Database>;

const poolLogger = new Logger('Database');

@Global()
@Module({
  providers: [
    {
      provide: PG_POOL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        createPool({
          connectionString: config.DATABASE_URL,
          poolMax: config.DATABASE_POOL_MAX,
          applicationName: 'vira',
          onIdleError: (error) =>
            poolLogger.warn(`conexão ociosa com o PostgreSQL encerrada: ${error.message}`),
        }),
    },
    { provide: DATABASE, inject: [PG_POOL], useFactory: (pool: Pool) => createDatabase(pool) },
  ],
  exports: [PG_POOL, DATABASE],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(PG_POOL) private readonly pool: Pool & { ended?: boolean },
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
    // Kysely only ends the pool if it ever ran a query.
    if (!this.pool.ended) await this.pool.end();
  }
}
