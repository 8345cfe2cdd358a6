import { greetingName } from './greeting-name';

describe('greetingName', () => {
  it.each([
    ['Ana Souza', 'x@y.com', 'Ana'],
    ['  Carlos   Eduardo ', null, 'Carlos'],
    [null, 'joao.silva@exemplo.com', 'Joao'],
    ['', 'maria@exemplo.com', 'Maria'],
    ['   ', 'pedro.h.alves@exemplo.com', 'Pedro'],
    [null, null, 'Personal'],
    [undefined, '', 'Personal'],
    [null, '.oculto@exemplo.com', 'Personal'],
  ])('nome %p, e-mail %p -> %p', (nome, email, expected) => {
    expect(greetingName(nome, email)).toBe(expected);
  });
});
