import { Controller, Inject } from '@nestjs/common';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { platformApi } from '../../contracts/platform/api';
import { Implements } from '../http/implements';

export const APP_VERSION = '1.0.0';

@Controller()
export class AboutController {
  constructor(@Inject(APP_CONFIG) private readonly config: PlatformConfig) {}

  @Implements(platformApi.about)
  about() {
    return { nome: 'Vira', versao: APP_VERSION, suporte: this.config.SUPPORT_URL ?? null };
  }
}
