import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { centavosFromNumeric, toReais } from '../../contracts/shared/money';
import { type Plan, type PlanBillingType, valuePerCreditCentavos } from '../../contracts/plans/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Plans } from '../../platform/database/database.types';

/** The only code that reads the plans read table; every read is scoped by tenant. */
@Injectable()
export class PlansRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private plans(tenantId: string) {
    return this.db
      .selectFrom('plans')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('removedAt', 'is', null);
  }

  /** The tenant's plans by name; archived ones only when asked for. */
  async list(tenantId: string, withArchived: boolean): Promise<Plan[]> {
    let query = this.plans(tenantId).orderBy('nome').orderBy('id');
    if (!withArchived) query = query.where('arquivado', '=', false);
    return (await query.execute()).map(toPlan);
  }

  async find(tenantId: string, id: string): Promise<Plan | undefined> {
    const row = await this.plans(tenantId).where('id', '=', id).executeTakeFirst();
    return row && toPlan(row);
  }
}

function toPlan(row: Selectable<Plans>): Plan {
  const valor = centavosFromNumeric(row.valor);
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    valor: toReais(valor),
    creditos: row.creditos,
    valorPorCredito: toReais(valuePerCreditCentavos(valor, row.creditos)),
    cobranca: { tipo: row.cobrancaTipo as PlanBillingType, diaVencimento: row.diaVencimento },
    arquivado: row.arquivado,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
