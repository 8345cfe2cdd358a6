/**
 * A ViaCEP-compatible postal-code service on loopback, for tests: jest starts it in-process
 * (`startFakeCep()`); the browser tests run this file as a process (PORT). Knows a few CEPs,
 * answers `{ "erro": true }` for the others, and can be made slow or broken.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const KNOWN_CEPS: Record<string, Record<string, string>> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '22071900': {
    cep: '22071-900',
    logradouro: 'Avenida Nossa Senhora de Copacabana',
    complemento: '',
    bairro: 'Copacabana',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
};

export interface FakeCep {
  url: string;
  /** How many lookups reached the service. */
  requests: () => number;
  /** 'ok' answers; 'slow' never answers in time; 'down' answers 500. */
  behave: (mode: 'ok' | 'slow' | 'down') => void;
  close: () => Promise<void>;
}

export async function startFakeCep(port = 0): Promise<FakeCep> {
  let requests = 0;
  let mode: 'ok' | 'slow' | 'down' = 'ok';
  const server = createServer((request, response) => {
    const match = /^\/ws\/(\d{8})\/json\/?$/.exec(request.url ?? '');
    requests++;
    if (!match) {
      response.statusCode = 400;
      response.end();
      return;
    }
    if (mode === 'down') {
      response.statusCode = 500;
      response.end();
      return;
    }
    const answer = () => {
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(KNOWN_CEPS[match[1]] ?? { erro: true }));
    };
    if (mode === 'slow') setTimeout(answer, 10_000).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}/ws`,
    requests: () => requests,
    behave: (next) => {
      mode = next;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

if (require.main === module) {
  void startFakeCep(Number(process.env.PORT)).then((cep) =>
    process.stdout.write(`READY ${cep.url}\n`),
  );
}
