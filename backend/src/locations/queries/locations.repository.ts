import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import {
  type CancellationPolicy,
  type Location,
  locationAddressPartsSchema,
} from '../../contracts/locations/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Locations } from '../../platform/database/database.types';

/** The only code that reads the locations read table; every read is scoped by tenant. */
@Injectable()
export class LocationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private locations(tenantId: string) {
    return this.db
      .selectFrom('locations')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('removedAt', 'is', null);
  }

  async list(tenantId: string): Promise<Location[]> {
    return (await this.locations(tenantId).orderBy('nome').orderBy('id').execute()).map(toLocation);
  }

  async find(tenantId: string, id: string): Promise<Location | undefined> {
    const row = await this.locations(tenantId).where('id', '=', id).executeTakeFirst();
    return row && toLocation(row);
  }

  /** The cancellation policy at a location (its defaults until the trainer sets one). */
  async policyOf(tenantId: string, id: string): Promise<CancellationPolicy | undefined> {
    const location = await this.find(tenantId, id);
    return location && policyOf(location);
  }
}

const policyOf = ({ cancelLimiteHoras, taxaPercent, queimaCredito }: CancellationPolicy) => ({
  cancelLimiteHoras,
  taxaPercent,
  queimaCredito,
});

function toLocation(row: Selectable<Locations>): Location {
  return {
    id: row.id,
    nome: row.nome,
    endereco: row.endereco,
    enderecoPartes: locationAddressPartsSchema.nullable().parse(row.partes),
    cep: row.cep,
    ativo: row.ativo,
    cancelLimiteHoras: row.cancelLimiteHoras,
    taxaPercent: Number(row.taxaPercent),
    queimaCredito: row.queimaCredito,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
