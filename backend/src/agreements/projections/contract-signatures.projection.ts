import { eventsOfTypes, type Projection } from '../../platform/projections/projection';
import type { ContractEvent } from '../domain/contract.events';

type Signed = Extract<ContractEvent, { type: 'ContractSigned' }>;

/** `contract_signatures`: one row per signature (inserted once: replays change nothing). */
export const contractSignaturesProjection: Projection = {
  name: 'contract-signatures',
  tables: ['contract_signatures'],
  eventTypes: ['ContractSigned'],
  async apply(batch, trx) {
    const signed = eventsOfTypes<Signed>(batch, ['ContractSigned']);
    if (signed.length === 0) return [];
    await trx
      .insertInto('contractSignatures')
      .values(
        signed.map(({ event: { data }, streamId, tenantId, occurredAt }) => ({
          id: data.signatureId,
          tenantId,
          contractId: streamId,
          versao: data.versao,
          studentId: data.studentId,
          userId: data.userId,
          titulo: data.titulo,
          nome: data.nome,
          cpf: data.cpf,
          telefone: data.telefone,
          texto: data.texto,
          sha256: data.sha256,
          consentDataProcessing: data.consentDataProcessing,
          consentTerms: data.consentTerms,
          consentTimestamp: new Date(data.consentTimestamp),
          ipAddress: data.ipAddress,
          userAgent: data.userAgent,
          personal: data.personal,
          signedAt: occurredAt,
        })),
      )
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return signed.map(({ tenantId, streamId, event: { data } }) => ({
      tenantId,
      type: 'contract',
      id: streamId,
      studentId: data.studentId,
    }));
  },
};
