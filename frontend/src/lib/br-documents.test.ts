import { cpfDigits, formatCpf, formatPhone, isValidCpf, phoneDigits } from '@contracts/shared/br-documents';

// The register form's masks are these contract rules; the SPA's expectations of them live here.

describe('CPF', () => {
  it.each(['52998224725', '529.982.247-25', '11144477735', '12345678909'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['52998224724', 'wrong second check digit'],
    ['52998224715', 'wrong first check digit'],
    ['11111111111', 'all digits equal'],
    ['00000000000', 'all zeros'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['', 'empty'],
  ])('refuses %s (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('keeps digits only, at most 11', () => {
    expect(cpfDigits('529.982.247-25 99')).toBe('52998224725');
    expect(cpfDigits('abc')).toBe('');
  });

  it('strips the formatting before capping, so a pasted formatted CPF keeps all 11 digits', () => {
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
  });

  it.each([
    ['', ''],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982247', '529.982.247'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
  ])('formats %p as %p', (typed, shown) => {
    expect(formatCpf(typed)).toBe(shown);
  });
});

describe('Brazilian phone mask', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['11', '11'],
    ['119', '(11) 9'],
    ['119876', '(11) 9876'],
    ['1198765', '(11) 9876-5'],
    ['1132345678', '(11) 3234-5678'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210000', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['+55 abc', '55'],
  ])('%p -> %p', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it('keeps digits only, at most 11', () => {
    expect(phoneDigits('(11) 98765-4321 ramal 2')).toBe('11987654321');
  });
});
