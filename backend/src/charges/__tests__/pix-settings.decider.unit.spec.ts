import { deciderSpec, expectOneStreamPerTrainer } from '../../../../test/support/decider-spec';
import type { PixSettings } from '../../contracts/charges/pix';
import { pixSettingsDecider, pixSettingsStreamId } from '../domain/pix-settings.decider';

const given = deciderSpec(pixSettingsDecider, new Date('2026-11-24T12:00:00Z'));
const manual: PixSettings = {
  chave: 'ana@exemplo.com.br',
  tipoChave: 'email',
  nomeRecebedor: 'ANA SOUZA',
  cidade: 'SAO PAULO',
  provedor: 'manual',
};
const saved = { type: 'PixSettingsSet' as const, data: manual };

describe("a trainer's PIX settings", () => {
  it('are set whole the first time', () => {
    given().when({ type: 'SetPixSettings', settings: manual }).then([saved]);
  });

  it('saved again as they are write nothing, whatever the order of their fields', () => {
    const reordered: PixSettings = {
      provedor: 'manual',
      cidade: 'SAO PAULO',
      nomeRecebedor: 'ANA SOUZA',
      tipoChave: 'email',
      chave: 'ana@exemplo.com.br',
    };
    given(saved).when({ type: 'SetPixSettings', settings: reordered }).then([]);
  });

  it('a change of provider or key replaces them', () => {
    const apiPix: PixSettings = {
      ...manual,
      provedor: 'api-pix',
      apiPix: { baseUrl: 'https://psp.exemplo.com.br/api/v2', clientId: 'vira' },
    };
    given(saved)
      .when({ type: 'SetPixSettings', settings: apiPix })
      .then([{ type: 'PixSettingsSet', data: apiPix }]);
    const otherKey = { ...manual, chave: '+5511987654321', tipoChave: 'telefone' as const };
    given(saved)
      .when({ type: 'SetPixSettings', settings: otherKey })
      .then([{ type: 'PixSettingsSet', data: otherKey }]);
  });

  it('live on one stream per trainer', () => {
    expectOneStreamPerTrainer(pixSettingsStreamId);
  });
});
