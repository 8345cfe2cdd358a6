import { isValidCnpj } from '../../shared/br-documents';
import {
  buildBrCode,
  crc16,
  normalizePixKey,
  parseBrCode,
  pixSettingsFrom,
  pixSettingsSchema,
  pixText,
} from '../pix';

describe('PIX BR Code', () => {
  // The worked example of the "Manual de Padrões para Iniciação do Pix" (BCB): a static code with a
  // random key, no amount, merchant 'Fulano de Tal' in BRASILIA, txid '***', CRC 1D3D.
  const MANUAL_EXAMPLE =
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

  it('computes the CRC16-CCITT of the manual example', () => {
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('builds the manual example exactly', () => {
    expect(
      buildBrCode({
        chave: '123e4567-e12b-12d1-a456-426655440000',
        nomeRecebedor: 'Fulano de Tal',
        cidade: 'BRASILIA',
        txid: '***',
      }),
    ).toBe(MANUAL_EXAMPLE);
  });

  it('reads the manual example back', () => {
    expect(parseBrCode(MANUAL_EXAMPLE)).toEqual({
      chave: '123e4567-e12b-12d1-a456-426655440000',
      nomeRecebedor: 'Fulano de Tal',
      cidade: 'BRASILIA',
      txid: '***',
    });
  });

  it('round-trips a charge: key, amount, name and city without accents, txid, description', () => {
    const code = {
      chave: 'ana.souza@exemplo.com.br',
      nomeRecebedor: 'Ana Souza Personal Trainer Ltda',
      cidade: 'São José dos Campos',
      valorCentavos: 45000,
      txid: 'VIRA0193A1B2C3D4E5F6',
      descricao: 'Plano Mensal — 8 aulas',
    };
    const payload = buildBrCode(code);
    expect(parseBrCode(payload)).toEqual({
      ...code,
      nomeRecebedor: 'Ana Souza Personal Traine',
      cidade: 'Sao Jose dos Ca',
      descricao: 'Plano Mensal 8 aulas',
    });
    expect(payload).toContain('5406450.00');
  });

  it('refuses a payload whose checksum or structure is wrong', () => {
    expect(() => parseBrCode(`${MANUAL_EXAMPLE.slice(0, -4)}1D3E`)).toThrow('CRC não confere');
    expect(() => parseBrCode(MANUAL_EXAMPLE.replace('Fulano', 'Ciclan'))).toThrow(
      'CRC não confere',
    );
    expect(() => parseBrCode('0002019999')).toThrow();
  });

  it('refuses a txid the standard does not allow', () => {
    const base = { chave: '52998224725', nomeRecebedor: 'A', cidade: 'B' };
    expect(() => buildBrCode({ ...base, txid: 'tem espaço' })).toThrow('txid inválido');
    expect(() => buildBrCode({ ...base, txid: 'X'.repeat(26) })).toThrow('txid inválido');
  });
});

describe('PIX keys', () => {
  it.each([
    ['529.982.247-25', { type: 'cpf', key: '52998224725' }],
    ['11.222.333/0001-81', { type: 'cnpj', key: '11222333000181' }],
    ['12.ABC.345/01DE-35', { type: 'cnpj', key: '12ABC34501DE35' }],
    ['12.abc.345/01de-35', { type: 'cnpj', key: '12ABC34501DE35' }],
    ['12abc34501de35', { type: 'cnpj', key: '12ABC34501DE35' }],
    ['Ana.Souza@Exemplo.com', { type: 'email', key: 'ana.souza@exemplo.com' }],
    ['+55 (11) 98765-4321', { type: 'telefone', key: '+5511987654321' }],
    ['(11) 98765-4321', { type: 'telefone', key: '+5511987654321' }],
    [
      '123E4567-E89B-12D3-A456-426614174000',
      { type: 'aleatoria', key: '123e4567-e89b-12d3-a456-426614174000' },
    ],
  ])('%s is a %o', (input, expected) => {
    expect(normalizePixKey(input)).toEqual(expected);
  });

  it.each([
    '',
    'abc',
    '123.456.789-00',
    '11.222.333/0001-82',
    '12.ABC.345/01DE-36',
    '12ABC34501DEX5',
    'AAAAAAAAAAAAAA',
    'ana@',
    '+1 555 1234567',
    '12345',
  ])(
    '%s is no key',
    (input) => {
      expect(normalizePixKey(input)).toBeUndefined();
    },
  );

  it('checks CNPJ check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('checks the check digits of an alphanumeric CNPJ (IN RFB 2229/2024): code minus 48, weights 2..9, mod 11', () => {
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE53')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
  });

  it('a static BR Code carries an alphanumeric CNPJ key as the DICT registers it', () => {
    const settings = pixSettingsFrom(
      pixSettingsSchema.parse({ chave: '12.abc.345/01de-35', nomeRecebedor: 'Ana', cidade: 'Recife' }),
    );
    expect(settings).toMatchObject({ chave: '12ABC34501DE35', tipoChave: 'cnpj' });
    const code = buildBrCode({ ...settings, valorCentavos: 48000, txid: 'VIRA1' });
    expect(parseBrCode(code).chave).toBe('12ABC34501DE35');
  });

  it('stores settings as the BR Code carries them: no accents, upper case, bounded', () => {
    const parsed = pixSettingsSchema.parse({
      chave: '529.982.247-25',
      nomeRecebedor: 'Ana Conceição de Souza Albuquerque',
      cidade: 'Florianópolis',
    });
    expect(pixSettingsFrom(parsed)).toEqual({
      chave: '52998224725',
      tipoChave: 'cpf',
      nomeRecebedor: 'ANA CONCEICAO DE SOUZA AL',
      cidade: 'FLORIANOPOLIS',
      provedor: 'manual',
    });
    expect(pixText('  Ação   & Cia!  ', 25)).toBe('Acao & Cia');
  });

  it('says in pt-BR what is wrong with a key', () => {
    const result = pixSettingsSchema.safeParse({
      chave: 'abc',
      nomeRecebedor: 'Ana',
      cidade: 'SP',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['chave'],
      message: 'Chave PIX inválida: use CPF, CNPJ, e-mail, telefone com DDD ou chave aleatória',
    });
  });
});
