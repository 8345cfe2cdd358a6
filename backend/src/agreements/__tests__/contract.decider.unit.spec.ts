import { deciderSpec } from '../../../../test/support/decider-spec';
import { contractDecider, type ContractSigner, sha256Hex } from '../domain/contract.decider';
import type { ContractEvent } from '../domain/contract.events';

const now = new Date('2026-11-23T01:30:00Z'); // 22/11/2026 22:30 in São Paulo
const given = deciderSpec(contractDecider, now);
const terms = {
  titulo: 'Termo de adesão',
  conteudo: 'Eu, {{nome}} (CPF {{cpf}}, {{telefone}}), contrato {{personal}} em {{data}}.',
  tipo: 'termo_personal' as const,
};
const created: ContractEvent = { type: 'ContractCreated', data: terms };
const signer: ContractSigner = {
  signatureId: '0193f0a0-0000-7000-8000-000000000001',
  studentId: '0193f0a0-0000-7000-8000-0000000000aa',
  userId: '0193f0a0-0000-7000-8000-0000000000bb',
  nome: 'Ana Souza',
  cpf: '52998224725',
  telefone: '11987654321',
  personal: 'Carlos Lima',
  ipAddress: '203.0.113.0',
  userAgent: 'Teste/1.0',
};
const texto =
  'Eu, Ana Souza (CPF 529.982.247-25, (11) 98765-4321), contrato Carlos Lima em 22/11/2026.';
const signed = {
  type: 'ContractSigned' as const,
  data: {
    ...signer,
    versao: 1,
    titulo: terms.titulo,
    tipo: terms.tipo,
    texto,
    sha256: sha256Hex(texto),
    consentDataProcessing: true,
    consentTerms: true,
    consentWhatsApp: false,
    consentTimestamp: now.toISOString(),
  },
} satisfies ContractEvent;

describe('contract decider', () => {
  it('signs the current text with its fields filled (the day in São Paulo) and its SHA-256', () => {
    given(created).when({ type: 'SignContract', signer, whatsapp: false }).then([signed]);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it("records the student's WhatsApp opt-in with the signature when they ticked the box", () => {
    given(created)
      .when({ type: 'SignContract', signer, whatsapp: true })
      .then([{ ...signed, data: { ...signed.data, consentWhatsApp: true } }]);
  });

  it('refuses a second signature of the same student on the same version', () => {
    given(created, signed).when({ type: 'SignContract', signer, whatsapp: false }).thenFails('already_signed');
  });

  it('edits in place while nobody signed; a new version once someone did, to be signed again', () => {
    given(created)
      .when({ type: 'UpdateContract', changes: { conteudo: 'Novo texto' } })
      .then([{ type: 'ContractEdited', data: { conteudo: 'Novo texto' } }]);
    given(created, signed)
      .when({ type: 'UpdateContract', changes: { conteudo: 'Novo texto', titulo: terms.titulo } })
      .then([{ type: 'ContractRevised', data: { ...terms, conteudo: 'Novo texto', versao: 2 } }]);
    given(created, signed, {
      type: 'ContractRevised',
      data: { ...terms, conteudo: 'Novo {{nome}}', versao: 2 },
    })
      .when({ type: 'SignContract', signer, whatsapp: false })
      .then([
        {
          type: 'ContractSigned',
          data: { ...signed.data, versao: 2, texto: 'Novo Ana Souza', sha256: sha256Hex('Novo Ana Souza') },
        },
      ]);
    // Only the tipo: no new text, no new version.
    given(created, signed)
      .when({ type: 'UpdateContract', changes: { tipo: 'termo_aluno' } })
      .then([{ type: 'ContractEdited', data: { tipo: 'termo_aluno' } }]);
  });

  it('deactivates; an inactive or missing contract is not found for edits and signatures', () => {
    given(created)
      .when({ type: 'UpdateContract', changes: { isActive: false } })
      .then([{ type: 'ContractDeactivated', data: {} }]);
    const deactivated: ContractEvent = { type: 'ContractDeactivated', data: {} };
    given(created, deactivated).when({ type: 'SignContract', signer, whatsapp: false }).thenFails('not_found', 'Contrato não encontrado');
    given().when({ type: 'UpdateContract', changes: { titulo: 'x' } }).thenFails('not_found');
    given(created).when({ type: 'CreateContract', terms }).thenFails('contract_exists');
  });
});
