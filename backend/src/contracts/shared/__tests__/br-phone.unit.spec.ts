import { formatPhone, phoneSchema, whatsappUrl } from '../br-documents';

const telefone = phoneSchema('Telefone inválido');

describe('one phone rule for every form and route', () => {
  it.each([
    ['+55 (11) 98765-4321', '11987654321', 'pasted with the country code'],
    ['+5511987654321', '11987654321', '+55 and digits'],
    ['55 11 98765 4321', '11987654321', '55 prefix, spaces'],
    ['5511987654321', '11987654321', '55 prefix, digits'],
    ['551133334444', '1133334444', '55 before a landline'],
    ['(11) 98765-4321', '11987654321', 'the mask'],
    ['11 98765-4321', '11987654321', 'spaces and a dash'],
    ['11.98765.4321', '11987654321', 'dots'],
    ['11987654321', '11987654321', 'mobile, 11 digits'],
    ['(11) 3333-4444', '1133334444', 'landline, 10 digits'],
    ['1133334444', '1133334444', 'landline digits'],
    ['(55) 99123-4567', '55991234567', 'DDD 55 keeps its 55'],
  ])('%p -> %p (%s)', (typed, digits) => {
    expect(telefone.parse(typed)).toBe(digits);
  });

  it.each([
    ['', 'empty'],
    ['987654321', 'no DDD'],
    ['(11) 9876-543', 'too short'],
    ['119876543210', 'twelve digits, no 55'],
    ['+55 (11) 98765-43210', 'too long after +55'],
    ['(01) 98765-4321', 'no DDD starts with 0'],
    ['(11) 88765-4321', '11 digits that are no mobile'],
    ['(11) 1333-4444', 'a landline starting with 1'],
    ['telefone', 'no digits'],
    ['1'.repeat(40), 'absurdly long'],
  ])('refuses %p (%s) naming the field', (typed) => {
    const result = telefone.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Telefone inválido');
  });

  it('refuses what is not text with the same message', () => {
    expect(telefone.safeParse(11987654321).error?.issues[0]?.message).toBe('Telefone inválido');
  });

  it('masks a pasted +55 number as its DDD and number', () => {
    expect(formatPhone('+55 (11) 98765-4321')).toBe('(11) 98765-4321');
    // Typed one key at a time, the mask settles once the 55 shows it is a country code.
    expect(formatPhone('(55) 11987-65432')).toBe('(11) 9876-5432');
    expect(formatPhone('(11) 9876-54321')).toBe('(11) 98765-4321');
  });

  it('links WhatsApp with 55 once before DDD and number, the text encoded', () => {
    expect(whatsappUrl('(11) 98765-4321', 'Olá, Ana & cia')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Ana%20%26%20cia',
    );
    expect(whatsappUrl('+55 11 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsappUrl(null, 'Oi')).toBe('https://wa.me/?text=Oi');
  });
});
