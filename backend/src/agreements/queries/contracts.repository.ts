import { Inject, Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import {
  type Contract,
  type ContractSignature,
  type ContractType,
  type StudentConsent,
  type StudentContract,
} from '../../contracts/agreements/api';
import { formatCpf, formatPhone } from '../../contracts/shared/br-documents';
import { StudentContracts } from '../../contracts/agreements/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { ContractSignatures } from '../../platform/database/database.types';

/** A signature with what its signed copy shows. */
export interface SignedCopy extends ContractSignature {
  texto: string;
  personal: string;
}

/** The only code that reads the agreements read tables; every read is scoped by tenant. */
@Injectable()
export class ContractsRepository implements StudentContracts {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private contracts(tenantId: string) {
    return this.db
      .selectFrom('contracts')
      .where('contracts.tenantId', '=', tenantId)
      .select((eb) => [
        'contracts.id',
        'contracts.titulo',
        'contracts.conteudo',
        'contracts.tipo',
        'contracts.versao',
        'contracts.isActive',
        'contracts.createdAt',
        'contracts.updatedAt',
        eb
          .selectFrom('contractSignatures as s')
          .whereRef('s.contractId', '=', 'contracts.id')
          .whereRef('s.versao', '=', 'contracts.versao')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .as('assinaturas'),
        eb
          .selectFrom('contractSignatures as s')
          .whereRef('s.contractId', '=', 'contracts.id')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .as('assinaturasTotal'),
      ]);
  }

  /** The tenant's active contracts, newest first (spec §7); the inactive ones too when asked. */
  async list(tenantId: string, withInactive = false): Promise<Contract[]> {
    const rows = await this.contracts(tenantId)
      .$if(!withInactive, (query) => query.where('contracts.isActive', '=', true))
      .orderBy('contracts.createdAt', 'desc')
      .orderBy('contracts.id')
      .execute();
    return rows.map(toContract);
  }

  /** One contract, active or not. */
  async find(tenantId: string, id: string): Promise<Contract | undefined> {
    const row = await this.contracts(tenantId).where('contracts.id', '=', id).executeTakeFirst();
    return row && toContract(row);
  }

  /** Every signature of a contract, oldest first. */
  async signatures(tenantId: string, contractId: string): Promise<ContractSignature[]> {
    const rows = await this.db
      .selectFrom('contractSignatures')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('contractId', '=', contractId)
      .orderBy('signedAt')
      .orderBy('id')
      .execute();
    return rows.map(toSignature);
  }

  async signedCopy(
    tenantId: string,
    contractId: string,
    signatureId: string,
  ): Promise<SignedCopy | undefined> {
    const row = await this.db
      .selectFrom('contractSignatures')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('contractId', '=', contractId)
      .where('id', '=', signatureId)
      .executeTakeFirst();
    return row && toSignedCopy(row);
  }

  /** The student's latest signature of a contract (active or not: a signed copy stays theirs). */
  async studentSignedCopy(
    tenantId: string,
    studentId: string,
    contractId: string,
  ): Promise<SignedCopy | undefined> {
    const row = await this.db
      .selectFrom('contractSignatures')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('studentId', '=', studentId)
      .where('contractId', '=', contractId)
      .orderBy('versao', 'desc')
      .executeTakeFirst();
    return row && toSignedCopy(row);
  }

  /**
   * The contracts as one student sees them: the active ones to sign, or signed (the current
   * version), and the inactive ones they signed, which stay theirs (the latest version they signed).
   */
  /** Every signature of the student, newest first: the consents they gave. */
  async consentsOf(tenantId: string, studentId: string): Promise<StudentConsent[]> {
    const rows = await this.db
      .selectFrom('contractSignatures')
      .select([
        'id',
        'contractId',
        'titulo',
        'versao',
        'signedAt',
        'consentDataProcessing',
        'consentTerms',
      ])
      .where('tenantId', '=', tenantId)
      .where('studentId', '=', studentId)
      .orderBy('signedAt', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(({ id, signedAt, ...row }) => ({
      signatureId: id,
      ...row,
      signedAt: signedAt.toISOString(),
    }));
  }

  async forStudent(tenantId: string, studentId: string): Promise<StudentContract[]> {
    const rows = await this.db
      .selectFrom('contracts')
      .leftJoin('contractSignatures as s', (join) =>
        join
          .onRef('s.contractId', '=', 'contracts.id')
          .on('s.studentId', '=', studentId)
          .on((eb) =>
            eb.or([
              eb('contracts.isActive', '=', true).and('s.versao', '=', eb.ref('contracts.versao')),
              eb('contracts.isActive', '=', false).and(
                's.versao',
                '=',
                eb
                  .selectFrom('contractSignatures as latest')
                  .select((inner) => inner.fn.max('latest.versao').as('versao'))
                  .whereRef('latest.contractId', '=', 'contracts.id')
                  .where('latest.studentId', '=', studentId),
              ),
            ]),
          ),
      )
      .select([
        'contracts.id',
        'contracts.titulo',
        'contracts.conteudo',
        'contracts.tipo',
        'contracts.isActive',
        's.id as signatureId',
        's.texto',
        's.signedAt',
      ])
      .where('contracts.tenantId', '=', tenantId)
      .where((eb) => eb.or([eb('contracts.isActive', '=', true), eb('s.id', 'is not', null)]))
      .orderBy('contracts.isActive', 'desc')
      .orderBy('contracts.createdAt', 'desc')
      .orderBy('contracts.id')
      .execute();
    return rows.map((row) =>
      row.signatureId && row.signedAt
        ? {
            id: row.id,
            titulo: row.titulo,
            conteudo: row.texto ?? row.conteudo,
            tipo: row.tipo as ContractType,
            status: 'assinado',
            ativo: row.isActive,
            signedAt: row.signedAt.toISOString(),
            signatureId: row.signatureId,
          }
        : {
            id: row.id,
            titulo: row.titulo,
            conteudo: row.conteudo,
            tipo: row.tipo as ContractType,
            status: 'pendente',
            ativo: row.isActive,
          },
    );
  }

  async pendingCount(tenantId: string, studentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('contracts')
      .where('contracts.tenantId', '=', tenantId)
      .where('contracts.isActive', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('contractSignatures as s')
              .select(sql`1`.as('one'))
              .whereRef('s.contractId', '=', 'contracts.id')
              .whereRef('s.versao', '=', 'contracts.versao')
              .where('s.studentId', '=', studentId),
          ),
        ),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

interface ContractRow {
  id: string;
  titulo: string;
  conteudo: string;
  tipo: string;
  versao: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  assinaturas: string | null;
  assinaturasTotal: string | null;
}

function toContract(row: ContractRow): Contract {
  return {
    id: row.id,
    titulo: row.titulo,
    conteudo: row.conteudo,
    tipo: row.tipo as ContractType,
    versao: row.versao,
    isActive: row.isActive,
    assinaturas: Number(row.assinaturas ?? 0),
    assinaturasTotal: Number(row.assinaturasTotal ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSignature(row: Selectable<ContractSignatures>): ContractSignature {
  return {
    id: row.id,
    contractId: row.contractId,
    versao: row.versao,
    titulo: row.titulo,
    studentId: row.studentId,
    nome: row.nome,
    cpf: formatCpf(row.cpf),
    telefone: formatPhone(row.telefone),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    consentDataProcessing: row.consentDataProcessing,
    consentTerms: row.consentTerms,
    consentTimestamp: row.consentTimestamp.toISOString(),
    sha256: row.sha256,
    signedAt: row.signedAt.toISOString(),
  };
}

const toSignedCopy = (row: Selectable<ContractSignatures>): SignedCopy => ({
  ...toSignature(row),
  texto: row.texto,
  personal: row.personal,
});
