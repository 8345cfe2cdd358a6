import { Controller, Inject } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { cepSchema, locationsApi } from '../contracts/locations/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { parseOrThrow } from '../platform/http/parse-or-throw';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { LocationCommands } from './commands/location.commands';
import { CepLookup } from './infrastructure/cep-lookup';
import { LOCATIONS_PROJECTION } from './projections';
import { LocationsRepository } from './queries/locations.repository';

const locationId = idParam('Local');

@Controller()
export class LocationsController {
  constructor(
    @Inject(LocationCommands) private readonly commands: LocationCommands,
    @Inject(LocationsRepository) private readonly locations: LocationsRepository,
    @Inject(CepLookup) private readonly cep: CepLookup,
  ) {}

  @Implements(locationsApi.list)
  @ReadsProjections(LOCATIONS_PROJECTION)
  async list(@CurrentUser() user: AuthUser) {
    return { items: await this.locations.list(user.tenantId) };
  }

  @Implements(locationsApi.get)
  @ReadsProjections(LOCATIONS_PROJECTION)
  async get(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof locationsApi.get>,
  ) {
    return (
      (await this.locations.find(user.tenantId, locationId(params.id))) ?? locationId.notFound()
    );
  }

  @Implements(locationsApi.create)
  create(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof locationsApi.create>,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'CreateLocation', details: body });
  }

  @Implements(locationsApi.update)
  update(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body: { ativo, ...changes } }: ParsedInputOf<typeof locationsApi.update>,
  ) {
    return this.commands.handle(context, locationId(params.id), {
      type: 'UpdateLocation',
      changes,
      ativo,
    });
  }

  @Implements(locationsApi.remove)
  remove(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof locationsApi.remove>,
  ) {
    return this.commands.handle(context, locationId(params.id), { type: 'RemoveLocation' });
  }

  @Implements(locationsApi.policy)
  @ReadsProjections(LOCATIONS_PROJECTION)
  async policy(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof locationsApi.policy>,
  ) {
    return (
      (await this.locations.policyOf(user.tenantId, locationId(params.id))) ??
      locationId.notFound()
    );
  }

  @Implements(locationsApi.setPolicy)
  setPolicy(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof locationsApi.setPolicy>,
  ) {
    return this.commands.handle(context, locationId(params.id), {
      type: 'SetCancellationPolicy',
      policy: body,
    });
  }

  /** A proxy of the postal-code service (cached in Redis), not a read model: answered live. */
  @Implements(locationsApi.lookupCep)
  lookupCep(@Input() { params }: ParsedInputOf<typeof locationsApi.lookupCep>) {
    return this.cep.lookup(parseOrThrow(cepSchema, params.cep));
  }
}
