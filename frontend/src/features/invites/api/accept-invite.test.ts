import { PASSWORDS_DIFFER, validateInviteSignup, type InviteSignupForm } from './accept-invite';

const valid: InviteSignupForm = {
  nome: 'Maria Clara',
  email: ' Maria@Exemplo.com ',
  password: 'segredo1',
  confirmPassword: 'segredo1',
  cpf: '',
  telefone: '',
  whatsapp: false,
};

describe('invite sign-up validation (spec 001 §5, contracts acceptInviteSchema)', () => {
  it('sends the API body: e-mail normalised, optional CPF and telefone left out when blank', () => {
    expect(validateInviteSignup(valid)).toEqual({
      data: { nome: 'Maria Clara', email: 'maria@exemplo.com', password: 'segredo1', whatsapp: false },
    });
  });

  it("says 'As senhas não coincidem' when the confirmation differs", () => {
    expect(validateInviteSignup({ ...valid, confirmPassword: 'segredo2' })).toEqual({
      errors: { confirmPassword: PASSWORDS_DIFFER },
    });
    expect(PASSWORDS_DIFFER).toBe('As senhas não coincidem');
  });

  it("says 'A senha deve ter no mínimo 6 caracteres'", () => {
    expect(validateInviteSignup({ ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      errors: { password: 'A senha deve ter no mínimo 6 caracteres' },
    });
  });

  it('checks the optional CPF and telefone only when given, sending digits', () => {
    expect(validateInviteSignup({ ...valid, cpf: '529.982.247-25', telefone: '(11) 98765-4321' })).toEqual({
      data: {
        nome: 'Maria Clara',
        email: 'maria@exemplo.com',
        password: 'segredo1',
        cpf: '52998224725',
        telefone: '11987654321',
        whatsapp: false,
      },
    });
    const result = validateInviteSignup({ ...valid, cpf: '111.111.111-11', telefone: '(11) 9876' });
    expect(result).toEqual({
      errors: { cpf: 'CPF inválido', telefone: 'Celular inválido: informe DDD e número, com 10 ou 11 dígitos' },
    });
  });

  it('names every problem at once: name, e-mail', () => {
    const result = validateInviteSignup({ ...valid, nome: 'M', email: 'nao-e-email' });
    expect(result).toEqual({ errors: { nome: 'Nome deve ter pelo menos 2 caracteres', email: 'E-mail inválido' } });
  });
});
