import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { Public } from '../auth/public.decorator';

export const APP_VERSION = '1.0.0';

/** GET /api/about: what the settings footer shows (spec 001 §2: app name, version, Suporte). */
export interface About {
  nome: string;
  versao: string;
  /** Where 'Suporte' leads (a wa.me link or a mailto:), or null when none is configured. */
  suporte: string | null;
}

@ApiTags('about')
@Public()
@Controller('about')
export class AboutController {
  constructor(@Inject(APP_CONFIG) private readonly config: PlatformConfig) {}

  @Get()
  @ApiOperation({ summary: 'Nome, versão e contato de suporte do app' })
  about(): About {
    return { nome: 'Vira', versao: APP_VERSION, suporte: this.config.SUPPORT_URL ?? null };
  }
}
