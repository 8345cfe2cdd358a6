import { cepDigits, formatCep, isCompleteCep, ufLetters } from './cep';
import {
  emptyLocationForm,
  locationsCountLabel,
  validateLocationEdit,
  validateLocationForm,
  withCepAddress,
} from './location-form';

describe('CEP and UF as typed', () => {
  it('keeps digits only, at most 8, shown as 00000-000', () => {
    expect(cepDigits('01310-100')).toBe('01310100');
    expect(cepDigits('013101009999')).toBe('01310100');
    expect(cepDigits('ab12')).toBe('12');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('01310')).toBe('01310');
    expect(isCompleteCep('01310100')).toBe(true);
    expect(isCompleteCep('0131010')).toBe(false);
  });

  it('keeps the state to 2 letters, uppercased', () => {
    expect(ufLetters('sp')).toBe('SP');
    expect(ufLetters('r1jx')).toBe('RJ');
  });
});

describe('the new-location form', () => {
  it('fills street, neighbourhood, city and state from a CEP, keeping what the lookup leaves blank', () => {
    const typed = { ...emptyLocationForm, nome: 'Studio', numero: '100', logradouro: 'Rua digitada' };
    expect(
      withCepAddress(typed, { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: '', localidade: 'São Paulo', uf: 'sp' }),
    ).toEqual({ ...typed, logradouro: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP' });
  });

  it('sends the name and the parts typed, leaving blank ones out', () => {
    expect(
      validateLocationForm({
        ...emptyLocationForm,
        nome: ' Studio Paulista ',
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        cidade: 'São Paulo',
        uf: 'SP',
      }),
    ).toEqual({
      data: { nome: 'Studio Paulista', cep: '01310100', logradouro: 'Avenida Paulista', numero: '1000', cidade: 'São Paulo', uf: 'SP' },
    });
    expect(validateLocationForm({ ...emptyLocationForm, nome: 'Parque' })).toEqual({ data: { nome: 'Parque' } });
  });

  it("says the contracts' messages: name required, a CEP of 8 digits, a state of 2 letters", () => {
    expect(validateLocationForm({ ...emptyLocationForm, cep: '0131', uf: 'S' })).toEqual({
      errors: { nome: 'Nome é obrigatório', cep: 'CEP deve ter 8 dígitos', uf: 'UF deve ter 2 letras' },
    });
  });

  it('edits name, the whole address (blank clears it) and whether the location is active', () => {
    expect(validateLocationEdit({ nome: 'Studio', endereco: '  ', ativo: false })).toEqual({
      data: { nome: 'Studio', endereco: null, ativo: false },
    });
    expect(validateLocationEdit({ nome: ' ', endereco: 'Rua A', ativo: true })).toEqual({
      errors: { nome: 'Nome é obrigatório' },
    });
  });

  it('counts in the singular for one', () => {
    expect(locationsCountLabel(1)).toBe('1 local');
    expect(locationsCountLabel(2)).toBe('2 locais');
  });
});
