import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type PublicLinkSettings, publicLinkSettingsSchema } from '../contracts/booking';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { PublicBooking } from './commands/public-booking';
import { PublicLinkCommands } from './commands/public-link.commands';
import { publicLinkStreamId } from './domain/public-link.decider';

/** /link-publico: the trainer's public booking settings, persisted. */
@ApiTags('link-publico')
@ApiBearerAuth()
@Roles('personal')
@Controller('settings/public-link')
export class PublicLinkController {
  constructor(
    @Inject(PublicLinkCommands) private readonly links: PublicLinkCommands,
    @Inject(PublicBooking) private readonly booking: PublicBooking,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Configurações do link público (padrão até o primeiro salvamento)' })
  settings(@CurrentUser() user: AuthUser): Promise<PublicLinkSettings> {
    return this.links.current(user.tenantId);
  }

  @Put()
  @CommandRoute(
    200,
    { summary: 'Salva as configurações do link público' },
    publicLinkSettingsSchema,
  )
  async save(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(publicLinkSettingsSchema)) settings: PublicLinkSettings,
  ) {
    const result = await this.links.handle(context, publicLinkStreamId(context.tenantId), {
      type: 'SetPublicLink',
      settings,
    });
    this.booking.settingsChanged(context.tenantId);
    return result;
  }
}
