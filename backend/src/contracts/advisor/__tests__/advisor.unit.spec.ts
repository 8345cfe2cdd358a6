import { asksHowMuchToSave, chatShortcut, paymentShortcut, readChatStream, reserveAdvice, SSE_DONE, sseDelta } from '../api';

describe("the chat's local shortcuts (spec 001 §9)", () => {
  it.each([
    ['Recebi R$ 150 da Ana Souza', { valorCentavos: 15_000, descricao: 'Mensalidade Ana Souza', payer: 'Ana Souza' }],
    ['registrar pagamento de 80,50', { valorCentavos: 8_050, descricao: 'Recebimento' }],
    ['entrada de 1.200 reais do João', { valorCentavos: 120_000, descricao: 'Mensalidade João', payer: 'João' }],
    ['O Carlos pagou 200 hoje', { valorCentavos: 20_000, descricao: 'Recebimento' }],
    ['lançar recebimento de R$ 99,9 da Maria da Silva', { valorCentavos: 9_990, descricao: 'Mensalidade Maria da Silva', payer: 'Maria da Silva' }],
  ])('%s records a receita', (message, expected) => {
    expect(paymentShortcut(message)).toEqual(expected);
  });

  it.each(['Quanto devo guardar?', 'quanto reservar este mês', 'Qual é o meu previsto?', 'recebi hoje'])(
    '%s is no payment to record',
    (message) => {
      expect(paymentShortcut(message)).toBeUndefined();
    },
  );

  it('answers how much to save with 20% of the received, or says there is nothing yet', () => {
    expect(asksHowMuchToSave('Quanto devo guardar?')).toBe(true);
    expect(asksHowMuchToSave('quanto poupar do que recebi')).toBe(true);
    expect(asksHowMuchToSave('Quanto recebi?')).toBe(false);
    expect(reserveAdvice(50_000)).toBe('Sugiro guardar R$\u00a0100,00 este mês: 20% dos R$\u00a0500,00 recebidos.');
    expect(reserveAdvice(0)).toBe('Ainda não há dados de recebimento este mês.');
  });

  it('takes a question about saving before a payment in the same message', () => {
    expect(chatShortcut('quanto guardar dos 500 que recebi?')).toEqual({ kind: 'reserve' });
    expect(chatShortcut('recebi 500 da Ana')).toEqual({ kind: 'payment', valorCentavos: 50_000, descricao: 'Mensalidade Ana', payer: 'Ana' });
    expect(chatShortcut('qual o melhor mês?')).toBeUndefined();
  });
});

describe('the chat-completions stream', () => {
  it('reads the pieces across chunk boundaries until [DONE]', async () => {
    const text = `: keep-alive\n\n${sseDelta('Olá, ')}${sseDelta('tudo bem?')}${SSE_DONE}${sseDelta('depois do fim')}`;
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < bytes.length; index += 7) controller.enqueue(bytes.slice(index, index + 7));
        controller.close();
      },
    });
    const pieces: string[] = [];
    await readChatStream(body, (piece) => pieces.push(piece));
    expect(pieces.join('')).toBe('Olá, tudo bem?');
  });
});
