import { inviteMessage, inviteWhatsAppUrl } from './whatsapp';

describe('WhatsApp invite link (spec 001 §7)', () => {
  const link = 'https://vira.app/convite/abc-123';

  it('opens wa.me with 55 before the digits and the pt-BR invitation with the link', () => {
    const url = new URL(inviteWhatsAppUrl('(11) 98765-4321', 'Maria Clara Souza', link));
    expect(url.origin + url.pathname).toBe('https://wa.me/5511987654321');
    const text = url.searchParams.get('text');
    expect(text).toBe(
      'Olá, Maria! Crie sua conta no Vira para agendar seus treinos e acompanhar seus créditos. ' +
        `Acesse o link: ${link}`,
    );
  });

  it('takes stored digits as they are', () => {
    expect(inviteWhatsAppUrl('11987654321', 'João', link).startsWith('https://wa.me/5511987654321?text=')).toBe(true);
  });

  it('invites to create an account and schedule workouts, ending with the link', () => {
    const text = inviteMessage('  ', link);
    expect(text).toMatch(/^Olá! Crie sua conta/);
    expect(text).toMatch(/agendar seus treinos/);
    expect(text.endsWith(link)).toBe(true);
  });
});
