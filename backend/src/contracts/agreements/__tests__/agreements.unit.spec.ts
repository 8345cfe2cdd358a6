import { anonymizeIp, fillPlaceholders, signContractSchema } from '../api';

describe('contracts: filling the fields at signing', () => {
  const values = {
    nome: 'Ana Souza',
    cpf: '529.982.247-25',
    telefone: '(11) 98765-4321',
    data: '22/11/2026',
    personal: 'Carlos Lima',
  };

  it('fills every field, spaces and case inside the braces tolerated, each occurrence', () => {
    expect(
      fillPlaceholders(
        'Eu, {{nome}}, CPF {{ cpf }}, tel. {{TELEFONE}}, contrato {{personal}} em {{data}}. Assina: {{nome}}',
        values,
      ),
    ).toBe(
      'Eu, Ana Souza, CPF 529.982.247-25, tel. (11) 98765-4321, contrato Carlos Lima em 22/11/2026. Assina: Ana Souza',
    );
  });

  it('leaves unknown fields and text without fields as written', () => {
    expect(fillPlaceholders('{{endereco}} e {nome} e {{nome', values)).toBe(
      '{{endereco}} e {nome} e {{nome',
    );
    expect(fillPlaceholders('Sem campos.', values)).toBe('Sem campos.');
  });
});

describe('contracts: anonymizing the signer address', () => {
  it('zeroes the last octet of an IPv4 address', () => {
    expect(anonymizeIp('203.0.113.77')).toBe('203.0.113.0');
    expect(anonymizeIp('10.1.2.0')).toBe('10.1.2.0');
    expect(anonymizeIp(' 192.168.0.255 ')).toBe('192.168.0.0');
  });

  it('cuts an IPv6 address to its /48', () => {
    expect(anonymizeIp('2001:db8:abcd:12:34:56:78:9a')).toBe('2001:db8:abcd::');
    expect(anonymizeIp('2001:DB8:ABCD:0012::1')).toBe('2001:db8:abcd::');
    expect(anonymizeIp('2001:db8::1')).toBe('2001:db8::');
    expect(anonymizeIp('fe80::1%eth0')).toBe('fe80::');
    expect(anonymizeIp('[2804:14c:5b8f:8a1::1]')).toBe('2804:14c:5b8f::');
    expect(anonymizeIp('::1')).toBe('::');
  });

  it('treats an IPv4-mapped IPv6 address as its IPv4, dotted or hex', () => {
    expect(anonymizeIp('::ffff:203.0.113.77')).toBe('203.0.113.0');
    expect(anonymizeIp('::FFFF:cb00:714d')).toBe('203.0.113.0');
    expect(anonymizeIp('0:0:0:0:0:ffff:10.0.0.9')).toBe('10.0.0.0');
  });

  it('answers null for no address or anything that is not one', () => {
    for (const bad of [undefined, null, '', 'localhost', '256.1.1.1', '1.2.3', '1::2::3', 'g::1', '1:2:3:4:5:6:7:8:9'])
      expect(anonymizeIp(bad)).toBeNull();
  });
});

describe('contracts: the signing form', () => {
  const good = {
    cpf: '529.982.247-25',
    telefone: '(11) 98765-4321',
    consentDataProcessing: true,
    consentTerms: true,
  };
  const problems = (body: Record<string, unknown>) => {
    const result = signContractSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('takes a masked or bare CPF and telefone, and keeps their digits', () => {
    expect(signContractSchema.parse(good)).toEqual({ ...good, cpf: '52998224725', telefone: '11987654321' });
    expect(signContractSchema.parse({ ...good, cpf: '52998224725', telefone: '(11) 3456-7890' })).toMatchObject({
      cpf: '52998224725',
      telefone: '1134567890',
    });
  });

  it('refuses a CPF off the 000.000.000-00 format or with wrong check digits', () => {
    expect(problems({ ...good, cpf: '529.982.247-2' })).toEqual(['CPF inválido: use o formato 000.000.000-00']);
    expect(problems({ ...good, cpf: '529982.247-25' })).toEqual(['CPF inválido: use o formato 000.000.000-00']);
    expect(problems({ ...good, cpf: '111.111.111-11' })).toEqual(['CPF inválido']);
    expect(problems({ ...good, cpf: '529.982.247-26' })).toEqual(['CPF inválido']);
  });

  it('takes the telefone as every phone field does (the shared rule), and refuses what is no phone', () => {
    for (const telefone of ['11 98765-4321', '+55 (11) 98765-4321', '5511987654321'])
      expect(signContractSchema.parse({ ...good, telefone }).telefone).toBe('11987654321');
    for (const telefone of ['(11) 9876-543', '(11) 987654-3210', '987654321', ''])
      expect(problems({ ...good, telefone })).toEqual(['Telefone inválido: use o formato (11) 99999-9999']);
  });

  it('requires both consents', () => {
    expect(problems({ ...good, consentDataProcessing: false, consentTerms: undefined })).toEqual([
      'É necessário consentir com o tratamento dos dados pessoais (LGPD)',
      'É necessário concordar com os termos do contrato',
    ]);
  });
});
