import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../../backend/src/app.module';
import type { AppConfig } from '../../backend/src/config/config';
import { appConfigFrom } from '../../backend/src/contexts';
import { createApp } from '../../backend/src/platform/http/create-app';
import { checkAnswersOf } from './contract-answers';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  close: () => Promise<void>;
}

/** The real application, built but not started, on this jest worker's database and Redis prefix. */
export async function createTestApp(
  overrides: NodeJS.ProcessEnv = {},
): Promise<{ app: NestFastifyApplication; config: AppConfig }> {
  const config = appConfigFrom({ ...process.env, ...overrides });
  const app = await createApp(AppModule.forConfig(config), config);
  checkAnswersOf(app.getHttpAdapter().getInstance());
  return { app, config };
}

/** The real application (same filters, prefix, plugins) on this jest worker's database and Redis prefix. */
export async function startTestApp(overrides: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const { app, config } = await createTestApp(overrides);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, config, close: () => app.close() };
}
