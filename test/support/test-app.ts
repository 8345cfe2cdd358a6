import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseConfig, type AppConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/platform/http/create-app';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  close: () => Promise<void>;
}

/** The real application (same filters, prefix, plugins) on this jest worker's database and Redis prefix. */
export async function startTestApp(overrides: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const config = parseConfig({ ...process.env, ...overrides });
  const app = await createApp(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, config, close: () => app.close() };
}
