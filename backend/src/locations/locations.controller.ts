import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { v7 as uuidv7 } from 'uuid';
import {
  type CancellationPolicy,
  cancellationPolicySchema,
  cepSchema,
  createLocationSchema,
  type LocationDetails,
  type UpdateLocationInput,
  updateLocationSchema,
} from '../contracts/locations';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { parseOrThrow, ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { LocationCommands } from './commands/location.commands';
import { CepLookup } from './infrastructure/cep-lookup';
import { LOCATIONS_PROJECTION } from './projections';
import { LocationsRepository } from './queries/locations.repository';

const locationId = idParam('Local');

@ApiTags('locations')
@ApiBearerAuth()
@Roles('personal')
@Controller()
export class LocationsController {
  constructor(
    @Inject(LocationCommands) private readonly commands: LocationCommands,
    @Inject(LocationsRepository) private readonly locations: LocationsRepository,
    @Inject(CepLookup) private readonly cep: CepLookup,
  ) {}

  @Get('locations')
  @ApiOperation({ summary: 'Locais do personal, por nome, com a política de cancelamento' })
  @ReadsProjections(LOCATIONS_PROJECTION)
  async list(@CurrentUser() user: AuthUser) {
    return { items: await this.locations.list(user.tenantId) };
  }

  @Get('locations/:id')
  @ApiOperation({ summary: 'Um local' })
  @ReadsProjections(LOCATIONS_PROJECTION)
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.locations.find(user.tenantId, locationId(id))) ?? locationId.notFound();
  }

  @Post('locations')
  @CommandRoute(
    201,
    {
      summary: 'Cadastra um local (endereço inteiro ou em partes); 201 { id, position }',
    },
    createLocationSchema,
  )
  create(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createLocationSchema)) details: LocationDetails,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'CreateLocation', details });
  }

  @Patch('locations/:id')
  @CommandRoute(
    200,
    { summary: 'Altera nome, endereço, CEP; { ativo: false } inativa o local' },
    updateLocationSchema,
  )
  update(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateLocationSchema)) { ativo, ...changes }: UpdateLocationInput,
  ) {
    return this.commands.handle(context, locationId(id), {
      type: 'UpdateLocation',
      changes,
      ativo,
    });
  }

  @Delete('locations/:id')
  @CommandRoute(200, { summary: 'Remove o local; 409 has_links quando há agendamentos nele' })
  remove(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    return this.commands.handle(context, locationId(id), { type: 'RemoveLocation' });
  }

  @Get('locations/:id/policy')
  @ApiOperation({
    summary: 'Política de cancelamento do local (24 h, 0 %, sem queima até ser definida)',
  })
  @ReadsProjections(LOCATIONS_PROJECTION)
  async policy(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.locations.policyOf(user.tenantId, locationId(id))) ?? locationId.notFound();
  }

  @Put('locations/:id/policy')
  @CommandRoute(
    200,
    { summary: 'Define a política de cancelamento do local' },
    cancellationPolicySchema,
  )
  setPolicy(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(cancellationPolicySchema)) policy: CancellationPolicy,
  ) {
    return this.commands.handle(context, locationId(id), { type: 'SetCancellationPolicy', policy });
  }

  @Get('cep/:cep')
  @ApiOperation({ summary: 'Endereço de um CEP (8 dígitos); 404 cep_not_found' })
  lookupCep(@Param('cep') cep: string) {
    return this.cep.lookup(parseOrThrow(cepSchema, cep));
  }
}
