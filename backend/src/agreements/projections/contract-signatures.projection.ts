import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import { eventsOfTypes, type Projection } from '../../platform/projections/projection';
import type { ContractEvent } from '../domain/contract.events';

type Signed = Extract<ContractEvent, { type: 'ContractSigned' }>;

/** `contract_signatures`: one row per signature (inserted once: replays change nothing). */
export const contractSignaturesProjection: Projection = {
  name: 'contract-signatures',
  tables: ['contract_signatures'],
  eventTypes: ['ContractSigned'],
  // The evidence stays (hash, times, consents, anonymized IP); who signed and the text naming them go.
  personalData: [
    {
      table: 'contract_signatures',
      subject: 'student_id',
      set: {
        nome: PERSONAL_DATA_REMOVED,
        cpf: PERSONAL_DATA_REMOVED,
        telefone: PERSONAL_DATA_REMOVED,
        personal: PERSONAL_DATA_REMOVED,
        texto: PERSONAL_DATA_REMOVED,
        user_agent: null,
      },
    },
  ],
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
