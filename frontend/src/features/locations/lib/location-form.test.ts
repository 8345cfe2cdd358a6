import { makeLocation } from '../../../test/fixtures';
import { cepDigits, formatCep, isCompleteCep, ufLetters } from './cep';
import {
  emptyLocationForm,
  locationEditValues,
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

  it('edits name, the address in the same fields as a new location (blank parts cleared) and whether it is active', () => {
    expect(validateLocationEdit({ ...emptyLocationForm, nome: 'Studio', cep: '01310-100', logradouro: 'Av. Paulista', numero: '1000', uf: 'sp', ativo: false })).toEqual({
      data: {
        nome: 'Studio',
        cep: '01310-100',
        logradouro: 'Av. Paulista',
        numero: '1000',
        complemento: null,
        bairro: null,
        cidade: null,
        uf: 'sp',
        ativo: false,
      },
    });
    expect(validateLocationEdit({ ...emptyLocationForm, nome: ' ', uf: 'S', ativo: true })).toEqual({
      errors: { nome: 'Nome é obrigatório', uf: 'UF deve ter 2 letras' },
    });
  });

  it('opens a location in its parts, or one given whole with that text as the street line', () => {
    const parts = { logradouro: 'Av. Paulista', numero: '1000', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };
    expect(locationEditValues(makeLocation({ cep: '01310100', endereco: 'Av. Paulista, 1000, Bela Vista, São Paulo - SP', enderecoPartes: parts }))).toEqual({
      nome: 'Studio Paulista',
      cep: '01310100',
      logradouro: 'Av. Paulista',
      numero: '1000',
      complemento: '',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      ativo: true,
    });
    expect(locationEditValues(makeLocation({ endereco: 'Rua A, 10' }))).toEqual({ ...emptyLocationForm, nome: 'Studio Paulista', logradouro: 'Rua A, 10', ativo: true });
  });

  it('counts in the singular for one', () => {
    expect(locationsCountLabel(1)).toBe('1 local');
    expect(locationsCountLabel(2)).toBe('2 locais');
  });
});
