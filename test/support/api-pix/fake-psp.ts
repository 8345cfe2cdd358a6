/**
 * A PSP on loopback that speaks the Banco Central's API Pix (v2.8) as its openapi.yaml defines it:
 * OAuth2 client credentials with scopes at /oauth/token, mutual TLS with a CA made at start, and
 * under /api/v2 the immediate charge (PUT|GET /cob/{txid}), the charge with a due date
 * (PUT|GET /cobv/{txid}), the received Pix (GET /pix/{e2eid}) and the webhook (PUT|GET|DELETE
 * /webhook/{chave}) whose notifications it POSTs to the registered URL + '/pix'. Every request it
 * takes and every answer it gives is checked against the standard's own schemas (standard.ts); a
 * breach is kept in `violations()`, which the tests expect empty.
 *
 * Tests drive it: `pay` a charge (the notification delivered, retried or lost), `notify` again,
 * `expire` it, `refuse` credentials or be unavailable. Jest starts it in-process
 * (`startFakePsp()`); the browser tests and `npm run dev` run this file as a process (PORT, and
 * CONTROL_PORT for a plain-HTTP control API; CERT_DIR receives the CA and the client certificate).
 * Pix Automático (/rec, /solicrec, /cobr) fits the same routing table and store when it comes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { crc16 } from '../../../backend/src/contracts/charges/pix';
import { type ApiPixSchema, violationsOf } from './standard';
import { type KeyPair, makeTestCertificates } from './test-certificates';

type Json = Record<string, unknown>;

export interface FakePspCob {
  kind: 'cob' | 'cobv';
  body: Json;
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  criacao: string;
  locId: number;
  location: string;
  pix: Json[];
}

export type FakePspRefusal = 'credenciais' | 'indisponivel' | null;

export interface FakePsp {
  /** The API's base URL (what a trainer types as the PSP's URL). */
  baseUrl: string;
  /** The CA that signed the PSP's server certificate and the client certificate it trusts. */
  ca: string;
  /** A client certificate and key the PSP accepts, and its OAuth2 client. */
  client: KeyPair;
  /** A client certificate from another CA: refused at the TLS handshake. */
  strangerClient: KeyPair;
  clientId: string;
  clientSecret: string;
  /** The charge of a txid as the PSP holds it. */
  cob(txid: string): FakePspCob | undefined;
  /**
   * The payer pays the charge: a Pix with a fresh endToEndId, the charge CONCLUIDA, and the
   * notification POSTed to the webhook (retried on failure like a PSP does), unless `lost`.
   */
  pay(txid: string, options?: { valor?: string; lost?: boolean }): Promise<{ endToEndId: string }>;
  /** Sends the notification of the charge's Pix again, `times` at once; answers their statuses. */
  notify(txid: string, times?: number): Promise<number[]>;
  /** The charge is removed by the PSP (its expiry passed): it can no longer be paid. */
  expire(txid: string): void;
  /** From now on: refuse the OAuth2 credentials, or answer 503 to everything; null: normal. */
  refuse(mode: FakePspRefusal): void;
  /** The webhook URL registered for a key. */
  webhookOf(chave: string): string | undefined;
  /** What reached the API (method and path), in order. */
  requests(): string[];
  /** Every breach of the standard's schemas seen in requests and answers. */
  violations(): string[];
  close(): Promise<void>;
}

const SCOPES = 'cob.write cob.read cobv.write cobv.read pix.read webhook.write webhook.read';
const REQUIRED_SCOPE: Record<string, string> = {
  'PUT /cob': 'cob.write',
  'GET /cob': 'cob.read',
  'PUT /cobv': 'cobv.write',
  'GET /cobv': 'cobv.read',
  'GET /pix': 'pix.read',
  'PUT /webhook': 'webhook.write',
  'GET /webhook': 'webhook.read',
  'DELETE /webhook': 'webhook.write',
};
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ISPB = '12345678';
const RECEBEDOR = {
  cnpj: '56989000019533',
  nome: 'PSP de Teste SA',
  logradouro: 'Rua 15 Numero 1200',
  cidade: 'Sao Paulo',
  uf: 'SP',
  cep: '70800100',
};

class Problem extends Error {
  constructor(
    readonly status: number,
    readonly tipo: string,
    readonly title: string,
    readonly violacoes: { razao: string; propriedade: string }[] = [],
  ) {
    super(title);
  }
}

const field = (id: string, value: string) =>
  `${id}${String(value.length).padStart(2, '0')}${value}`;

/** The dynamic BR Code a PSP gives for a location (merchant account info carries the URL). */
function dynamicBrCode(location: string): string {
  const payload =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('25', location)) +
    field('52', '0000') +
    field('53', '986') +
    field('58', 'BR') +
    field('59', 'PSP DE TESTE SA') +
    field('60', 'SAO PAULO') +
    field('62', field('05', '***')) +
    '6304';
  return payload + crc16(payload);
}

function newEndToEndId(): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
  const tail = randomBytes(16).toString('hex').slice(0, 11);
  return `E${ISPB}${stamp}${tail}`;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.');
  }
}

export async function startFakePsp(options: { port?: number } = {}): Promise<FakePsp> {
  const certificates = makeTestCertificates();
  const clientId = `vira-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const tokens = new Map<string, { scope: Set<string>; expiresAt: number }>();
  const cobs = new Map<string, FakePspCob>();
  const pixes = new Map<string, Json>();
  const webhooks = new Map<string, { webhookUrl: string; criacao: string }>();
  const seen: string[] = [];
  const breaches: string[] = [];
  let refusal: FakePspRefusal = null;
  let nextLocation = 1000;
  let host = '';

  const check = (schema: ApiPixSchema, value: unknown, where: string) => {
    for (const violation of violationsOf(schema, value)) breaches.push(`${where}: ${violation}`);
  };
  const validRequest = (schema: ApiPixSchema, value: unknown, tipo: string) => {
    const violations = violationsOf(schema, value);
    if (violations.length > 0)
      throw new Problem(
        400,
        tipo,
        'Cobrança inválida.',
        violations.map((razao) => ({ razao, propriedade: schema })),
      );
  };

  function cobAnswer(cob: FakePspCob, complete: boolean): Json {
    const { calendario, ...rest } = cob.body as { calendario?: Json };
    const criacao = { criacao: cob.criacao };
    const answer: Json = {
      ...rest,
      calendario:
        cob.kind === 'cob'
          ? { ...criacao, expiracao: 86_400, ...calendario }
          : { ...criacao, validadeAposVencimento: 30, ...calendario },
      txid: cob.txid,
      revisao: cob.revisao,
      loc: {
        id: cob.locId,
        txid: cob.txid,
        location: cob.location,
        tipoCob: cob.kind,
        criacao: cob.criacao,
      },
      location: cob.location,
      status: cob.status,
      pixCopiaECola: dynamicBrCode(cob.location),
      ...(cob.kind === 'cobv' ? { recebedor: RECEBEDOR } : {}),
    };
    if (complete && cob.pix.length > 0) answer.pix = cob.pix;
    return answer;
  }

  function putCob(kind: 'cob' | 'cobv', txid: string, body: unknown): Json {
    const tipo = kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida';
    if (!TXID.test(txid))
      throw new Problem(400, tipo, 'Cobrança inválida.', [{ razao: 'txid', propriedade: 'txid' }]);
    validRequest(kind === 'cob' ? 'CobSolicitada' : 'CobVSolicitada', body, tipo);
    const existing = cobs.get(txid);
    if (existing && existing.status !== 'ATIVA')
      throw new Problem(400, tipo, 'A cobrança já existe e não está ATIVA.');
    const criacao = existing?.criacao ?? new Date().toISOString();
    const locId = existing?.locId ?? nextLocation++;
    const same = existing && JSON.stringify(existing.body) === JSON.stringify(body);
    const cob: FakePspCob = {
      kind,
      body: body as Json,
      txid,
      revisao: existing ? existing.revisao + (same ? 0 : 1) : 0,
      status: 'ATIVA',
      criacao,
      locId,
      location:
        existing?.location ??
        `${host}/qr/v2/${kind === 'cobv' ? 'cobv/' : ''}${randomUUID().replace(/-/g, '')}`,
      pix: [],
    };
    cobs.set(txid, cob);
    return cobAnswer(cob, false);
  }

  function cobOf(kind: 'cob' | 'cobv', txid: string): FakePspCob {
    const cob = cobs.get(txid);
    if (!cob || cob.kind !== kind)
      throw new Problem(
        404,
        kind === 'cob' ? 'CobNaoEncontrado' : 'CobVNaoEncontrada',
        'Cobrança não encontrada.',
      );
    return cob;
  }

  async function api(
    method: string,
    route: string,
    rest: string,
    request: IncomingMessage,
  ): Promise<[number, unknown]> {
    const body = method === 'PUT' ? await readJson(request) : undefined;
    switch (`${method} ${route}`) {
      case 'PUT /cob': {
        const answer = putCob('cob', rest, body);
        check('CobGerada', answer, 'PUT /cob');
        return [201, answer];
      }
      case 'GET /cob': {
        const answer = cobAnswer(cobOf('cob', rest), true);
        check('CobCompleta', answer, 'GET /cob');
        return [200, answer];
      }
      case 'PUT /cobv': {
        const answer = putCob('cobv', rest, body);
        check('CobVGerada', answer, 'PUT /cobv');
        return [201, answer];
      }
      case 'GET /cobv': {
        const answer = cobAnswer(cobOf('cobv', rest), true);
        check('CobVCompleta', answer, 'GET /cobv');
        return [200, answer];
      }
      case 'GET /pix': {
        const pix = pixes.get(rest);
        if (!pix) throw new Problem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
        check('Pix', pix, 'GET /pix');
        return [200, pix];
      }
      case 'PUT /webhook': {
        const chave = decodeURIComponent(rest);
        if (!chave || chave.length > 77)
          throw new Problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.');
        validRequest('WebhookSolicitado', body, 'WebhookOperacaoInvalida');
        webhooks.set(chave, {
          webhookUrl: (body as { webhookUrl: string }).webhookUrl,
          criacao: new Date().toISOString(),
        });
        return [200, undefined];
      }
      case 'GET /webhook': {
        const chave = decodeURIComponent(rest);
        const webhook = webhooks.get(chave);
        if (!webhook) throw new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
        const answer = { ...webhook, chave, cnpj: RECEBEDOR.cnpj };
        check('WebhookCompleto', answer, 'GET /webhook');
        return [200, answer];
      }
      case 'DELETE /webhook': {
        if (!webhooks.delete(decodeURIComponent(rest)))
          throw new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
        return [204, undefined];
      }
    }
    throw new Problem(404, 'NaoEncontrado', 'Não Encontrado');
  }

  function token(request: IncomingMessage, body: unknown): [number, unknown] {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [id, secret] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const grant =
      typeof body === 'string'
        ? new URLSearchParams(body).get('grant_type')
        : (body as { grant_type?: string } | undefined)?.grant_type;
    if (grant !== 'client_credentials') return [400, { error: 'unsupported_grant_type' }];
    if (
      scheme !== 'Basic' ||
      id !== clientId ||
      secret !== clientSecret ||
      refusal === 'credenciais'
    )
      return [401, { error: 'invalid_client' }];
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, {
      scope: new Set(SCOPES.split(' ')),
      expiresAt: Date.now() + 3_600_000,
    });
    return [
      200,
      { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: SCOPES },
    ];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'https://psp');
    const method = request.method ?? 'GET';
    seen.push(`${method} ${url.pathname}`);
    let status: number;
    let answer: unknown;
    try {
      if (refusal === 'indisponivel')
        throw new Problem(503, 'ServicoIndisponivel', 'Serviço Indisponível');
      if (url.pathname === '/oauth/token' && method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString('utf8');
        const isJson = (request.headers['content-type'] ?? '').includes('json');
        [status, answer] = token(request, isJson && text ? JSON.parse(text) : text);
      } else {
        const match = /^\/api\/v2\/(cob|cobv|pix|webhook)\/([^/]+)$/.exec(url.pathname);
        if (!match) throw new Problem(404, 'NaoEncontrado', 'Não Encontrado');
        const [, route, rest] = match;
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const granted = bearer ? tokens.get(bearer) : undefined;
        if (!granted || granted.expiresAt < Date.now())
          throw new Problem(401, 'AcessoNegado', 'Token de acesso ausente ou expirado');
        const scope = REQUIRED_SCOPE[`${method} /${route}`];
        if (scope && !granted.scope.has(scope))
          throw new Problem(403, 'AcessoNegado', 'Acesso Negado');
        [status, answer] = await api(method, `/${route}`, rest, request);
      }
    } catch (error) {
      const problem =
        error instanceof Problem ? error : new Problem(500, 'ErroInternoDoServidor', String(error));
      status = problem.status;
      answer = {
        type: `https://pix.bcb.gov.br/api/v2/error/${problem.tipo}`,
        title: problem.title,
        status: problem.status,
        ...(problem.violacoes.length ? { violacoes: problem.violacoes } : {}),
      };
      check('Problema', answer, `${method} ${url.pathname}`);
    }
    response.statusCode = status;
    if (answer === undefined) {
      response.end();
      return;
    }
    response.setHeader(
      'content-type',
      status >= 400 && !url.pathname.startsWith('/oauth')
        ? 'application/problem+json'
        : 'application/json',
    );
    response.end(JSON.stringify(answer));
  }

  const server = createHttpsServer(
    {
      key: certificates.server.chavePem,
      cert: certificates.server.certificadoPem,
      ca: certificates.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => void handle(request, response),
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** POSTs the standard's notification to webhookUrl + '/pix', as a PSP retries a failed one. */
  async function deliver(cob: FakePspCob, attempts = 3): Promise<number> {
    const chave = String(cob.body.chave);
    const webhook = webhooks.get(chave);
    if (!webhook) return 0;
    const body = { pix: cob.pix };
    check('WebhookPixBody', body, 'notificação');
    let status = 0;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const answer = await fetch(`${webhook.webhookUrl.replace(/\/$/, '')}/pix`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        status = answer.status;
        if (answer.ok) return status;
      } catch {
        status = 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
    return status;
  }

  const cobToPay = (txid: string) => {
    const cob = cobs.get(txid);
    if (!cob) throw new Error(`cobrança ${txid} não existe no PSP`);
    return cob;
  };

  return {
    baseUrl: `https://${host}/api/v2`,
    ca: certificates.ca,
    client: certificates.client,
    strangerClient: certificates.strangerClient,
    clientId,
    clientSecret,
    cob: (txid) => cobs.get(txid),
    async pay(txid, { valor, lost = false } = {}) {
      const cob = cobToPay(txid);
      if (cob.status !== 'ATIVA') throw new Error(`cobrança ${txid} está ${cob.status}`);
      const endToEndId = newEndToEndId();
      const original = String((cob.body.valor as Json).original);
      const pix: Json = {
        endToEndId,
        txid,
        valor: valor ?? original,
        componentesValor: { original: { valor: valor ?? original } },
        chave: cob.body.chave,
        horario: new Date().toISOString(),
      };
      check('Pix', pix, 'pagamento');
      pixes.set(endToEndId, pix);
      cob.pix = [pix];
      cob.status = 'CONCLUIDA';
      if (!lost) await deliver(cob);
      return { endToEndId };
    },
    notify(txid, times = 1) {
      const cob = cobToPay(txid);
      return Promise.all(Array.from({ length: times }, () => deliver(cob, 1)));
    },
    expire(txid) {
      const cob = cobToPay(txid);
      if (cob.status === 'ATIVA') cob.status = 'REMOVIDA_PELO_PSP';
    },
    refuse(mode) {
      refusal = mode;
    },
    webhookOf: (chave) => webhooks.get(chave)?.webhookUrl,
    requests: () => [...seen],
    violations: () => [...breaches],
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * As a process: the PSP on PORT, its CA and client certificate written to CERT_DIR (ca.pem,
 * client.pem, client-key.pem, client.json with the OAuth2 client), and a control API on
 * CONTROL_PORT: POST /pay/{txid}, POST /expire/{txid}, GET /violations, GET /health.
 */
if (require.main === module) {
  void (async () => {
    const psp = await startFakePsp({ port: Number(process.env.PORT ?? 0) });
    const certDir = process.env.CERT_DIR ?? path.join(process.cwd(), '.data/fake-psp');
    mkdirSync(certDir, { recursive: true });
    writeFileSync(path.join(certDir, 'ca.pem'), psp.ca);
    writeFileSync(path.join(certDir, 'client.pem'), psp.client.certificadoPem);
    writeFileSync(path.join(certDir, 'client-key.pem'), psp.client.chavePem, { mode: 0o600 });
    writeFileSync(
      path.join(certDir, 'client.json'),
      JSON.stringify({
        baseUrl: psp.baseUrl,
        clientId: psp.clientId,
        clientSecret: psp.clientSecret,
      }),
      { mode: 0o600 },
    );
    const control = createHttpServer((request, response) => {
      const [, action, txid] = (request.url ?? '').split('/');
      const reply = (status: number, body: unknown) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(body));
      };
      void (async () => {
        try {
          if (action === 'health') return reply(200, { ok: true });
          if (action === 'violations') return reply(200, psp.violations());
          if (request.method === 'POST' && action === 'pay') return reply(200, await psp.pay(txid));
          if (request.method === 'POST' && action === 'expire') {
            psp.expire(txid);
            return reply(200, { ok: true });
          }
          reply(404, { error: 'desconhecido' });
        } catch (error) {
          reply(409, { error: error instanceof Error ? error.message : String(error) });
        }
      })();
    });
    control.listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1', () => {
      const controlPort = (control.address() as AddressInfo).port;
      process.stdout.write(
        `READY ${psp.baseUrl} controle http://127.0.0.1:${controlPort} certificados ${certDir}\n`,
      );
    });
  })();
}
