import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { DATABASE, type Db } from '../database/database.module';
import { Mailer } from './mailer';

const logger = new Logger('Mailer');

@Global()
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [APP_CONFIG, DATABASE],
      useFactory: (config: PlatformConfig, db: Db) =>
        new Mailer(config, db, { info: (message: string) => logger.log(message) }),
    },
  ],
  exports: [Mailer],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}
