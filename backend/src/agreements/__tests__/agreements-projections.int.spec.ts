import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { ContractEvent } from '../domain/contract.events';
import { contractSignaturesProjection } from '../projections/contract-signatures.projection';
import { contractsProjection } from '../projections/contracts.projection';

const created: ContractEvent = {
  type: 'ContractCreated',
  data: { titulo: 'Termo de adesão', conteudo: 'Eu, {{nome}}, aceito.', tipo: 'termo_aluno' },
};
const SIGNATURE = '0190a0b0-0000-7000-8000-0000000000a1';
const STUDENT = '0190a0b0-0000-7000-8000-0000000000b1';
const signed: ContractEvent = {
  type: 'ContractSigned',
  data: {
    signatureId: SIGNATURE,
    versao: 1,
    titulo: 'Termo de adesão',
    tipo: 'termo_aluno',
    studentId: STUDENT,
    userId: '0190a0b0-0000-7000-8000-0000000000c1',
    nome: 'Ana Souza',
    cpf: '52998224725',
    telefone: '11987654321',
    personal: 'Carlos Lima',
    texto: 'Eu, Ana Souza, aceito.',
    sha256: 'ab'.repeat(32),
    consentDataProcessing: true,
    consentTerms: true,
    consentTimestamp: '2030-03-04T12:00:00.000Z',
    ipAddress: '203.0.113.0',
    userAgent: 'Mozilla/5.0',
  },
};
const given = projectionSpec([contractsProjection, contractSignaturesProjection]);

describe('agreements projections', () => {
  it('keeps a contract active at version 1, its text edited in place until signed', () =>
    given(created)
      .when({ type: 'ContractEdited', data: { conteudo: 'Eu, {{nome}}, concordo.' } })
      .then('contracts', [
        { titulo: 'Termo de adesão', conteudo: 'Eu, {{nome}}, concordo.', tipo: 'termo_aluno', versao: 1, isActive: true, version: 2 },
      ]));

  it('takes a revised text as a new version, and leaves the lists when deactivated', () =>
    given(created, signed)
      .when(
        { type: 'ContractRevised', data: { titulo: 'Termo de adesão', conteudo: 'Novo texto', tipo: 'termo_aluno', versao: 2 } },
        { type: 'ContractDeactivated', data: {} },
      )
      .then('contracts', [{ conteudo: 'Novo texto', versao: 2, isActive: false, version: 4 }]));

  it('records a signature once, with the text as signed and the evidence', () =>
    given(created, signed)
      .when({ ...signed })
      .then('contract_signatures', [
        {
          id: SIGNATURE,
          studentId: STUDENT,
          versao: 1,
          texto: 'Eu, Ana Souza, aceito.',
          sha256: 'ab'.repeat(32),
          consentTimestamp: new Date('2030-03-04T12:00:00.000Z'),
          ipAddress: '203.0.113.0',
          signedAt: new Date(SPEC_CLOCK.getTime() + 2_000),
        },
      ]));

  it('tells every student about a contract, and only the signer about their signature', async () => {
    const edit = given(created).when({ type: 'ContractEdited', data: { titulo: 'Termo' } });
    await edit.thenChanges([
      { tenantId: edit.tenantId, type: 'contract', id: edit.streamId, allStudents: true },
    ]);
    const signature = given(created).when(signed);
    await signature.thenChanges([
      { tenantId: signature.tenantId, type: 'contract', id: signature.streamId, studentId: STUDENT },
    ]);
  });
});
