import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import type { About } from '../../contracts/about';
import { Public } from '../auth/public.decorator';

export const APP_VERSION = '1.0.0';


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
