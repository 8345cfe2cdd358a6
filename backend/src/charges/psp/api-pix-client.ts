import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';

/** What a trainer gives to reach their PSP through the API Pix (secrets in clear, in memory only). */
export interface ApiPixCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  certificadoPem: string;
  chavePem: string;
}

/** What went wrong talking to the PSP, in the words the trainer reads ('Testar conexão'). */
export type ApiPixFailure =
  | 'url'
  | 'conexao'
  | 'certificado_psp'
  | 'certificado_cliente'
  | 'credenciais'
  | 'recusado'
  | 'indisponivel';

export class ApiPixError extends Error {
  constructor(
    readonly failure: ApiPixFailure,
    message: string,
    readonly status?: number,
    /** The standard's `violacoes[].razao` of a refused request: what the PSP found wrong. */
    readonly razoes: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ApiPixError';
  }
}

/**
 * Why the PSP did not do what it was asked, as a subscription tells the trainer: what happened
 * (the hints of a connection test, such as trying again in a moment, do not apply there), what the
 * PSP found wrong, or the settings to check.
 */
export function pspFailureReason(error: unknown): string {
  if (!(error instanceof ApiPixError)) return 'O PSP não respondeu como esperado';
  switch (error.failure) {
    case 'indisponivel':
      return 'O PSP estava indisponível';
    case 'conexao':
      return 'Não foi possível conectar ao PSP';
    case 'recusado':
      return error.razoes.length > 0
        ? error.razoes.join('; ')
        : `O PSP recusou o pedido (HTTP ${error.status})`;
    default:
      return error.message;
  }
}

/**
 * Whether the same request may well succeed in a while: the PSP was down or could not be reached
 * (or answered nothing Vira understands), not a refusal of what it was asked.
 */
export const pspFailureIsTransient = (error: unknown): boolean =>
  !(error instanceof ApiPixError) ||
  error.failure === 'indisponivel' ||
  error.failure === 'conexao';

/** The parts of the standard's CobGerada / CobCompleta (and CobV's) that Vira reads. */
export interface ApiPixCob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  valor: { original: string };
  chave: string;
  location?: string;
  pixCopiaECola?: string;
  pix?: ApiPixPix[];
}

/** The standard's Pix (a payment received), with what was given back of it. */
export interface ApiPixPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  devolucoes?: ApiPixDevolucao[];
}

/** The standard's Devolucao: part or all of a Pix given back to the payer (DEVOLVIDO once done). */
export interface ApiPixDevolucao {
  id: string;
  rtrId: string;
  valor: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

/** The body of PUT /cob/{txid} (the standard's CobSolicitada, as Vira fills it). */
export interface CobSolicitada {
  calendario: { expiracao: number };
  devedor?: { cpf: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
}

/** The body of PUT /cobv/{txid} (the standard's CobVSolicitada, as Vira fills it). */
export interface CobVSolicitada {
  calendario: { dataDeVencimento: string; validadeAposVencimento: number };
  devedor: { cpf: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
}

/** Pix Automático: a recurrence as the standard's RecGerada / RecCompleta (what Vira reads). */
export interface ApiPixRec {
  idRec: string;
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  politicaRetentativa?: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  vinculo?: { devedor: { cpf?: string; cnpj?: string; nome: string } };
  loc?: { id: number; location: string };
  ativacao?: { tipoJornada: string; dadosJornada?: { txid: string } };
  dadosQR?: { jornada?: string; pixCopiaECola?: string };
}

/** The body of POST /rec (the standard's RecSolicitada, as Vira fills it: Jornada 3). */
export interface RecSolicitada {
  vinculo: { contrato: string; objeto?: string; devedor: { cpf: string; nome: string } };
  calendario: { dataInicial: string; periodicidade: 'MENSAL' };
  valor: { valorRec: string };
  politicaRetentativa: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  loc: number;
  ativacao: { dadosJornada: { txid: string } };
}

/**
 * The body of POST /solicrec (the standard's SolicRecSolicitada): Jornada 1, the recurrence sent
 * to the payer's own bank (their account in `destinatario`) to be authorised in its app.
 */
export interface SolicRecSolicitada {
  idRec: string;
  calendario: { dataExpiracaoSolicitacao: string };
  destinatario: { cpf: string; ispbParticipante: string; agencia?: string; conta: string };
}

/** The parts of the standard's SolicRecCompleta that Vira reads. */
export interface ApiPixSolicRec {
  idSolicRec: string;
  idRec: string;
  status: 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
}

/** The receiver's account a recurring charge is paid into (the standard's DadosBancariosRecebedor). */
export interface ContaRecebedor {
  agencia?: string;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
}

/** The body of PUT /cobr/{txid} (the standard's CobRSolicitada, as Vira fills it). */
export interface CobRSolicitada {
  idRec: string;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  ajusteDiaUtil: boolean;
  recebedor: ContaRecebedor;
}

/** A recurring charge attempt (the standard's CobRTentativas item). */
export interface ApiPixTentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
  endToEndId: string;
}

/** A recurring charge as the standard's CobRCompleta (what Vira reads). */
export interface ApiPixCobR {
  idRec: string;
  txid: string;
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  politicaRetentativa?: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  tentativas?: ApiPixTentativa[];
  pix?: ApiPixPix[];
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
]);
const SERVER_CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Loopback, private, link-local and shared ranges: where a PSP never is, and what must not be probed. */
const internalNetworks = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  return family !== 0 && internalNetworks.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

const internalRefused = () =>
  new ApiPixError('url', 'URL do PSP inválida: o endereço é de uma rede interna');

/** DNS as usual, refusing answers in internal networks (so a name cannot point the API inward). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const usable = addresses.filter((entry) => !isInternalAddress(entry.address));
    if (usable.length === 0) return callback(internalRefused() as never, '', 0);
    if (options.all) return callback(null, usable as never);
    callback(null, usable[0].address, usable[0].family);
  });
};

function failureOf(error: NodeJS.ErrnoException, host: string): ApiPixError {
  if (error instanceof ApiPixError) return error;
  const code = error.code ?? '';
  if (CONNECTION_CODES.has(code))
    return new ApiPixError('conexao', `Não foi possível conectar ao PSP em ${host}: confira a URL`);
  if (SERVER_CERTIFICATE_CODES.has(code))
    return new ApiPixError(
      'certificado_psp',
      `O certificado do servidor do PSP (${host}) não é confiável: confira a URL`,
    );
  if (code.startsWith('ERR_OSSL') || /routines/.test(error.message))
    return new ApiPixError(
      'certificado_cliente',
      'Certificado ou chave privada inválidos: cole o conteúdo PEM fornecido pelo PSP',
    );
  if (/ALERT|ECONNRESET|EPIPE/.test(code))
    return new ApiPixError(
      'certificado_cliente',
      'O PSP recusou o certificado do cliente (mTLS): confira o certificado e a chave privada',
    );
  return new ApiPixError(
    'conexao',
    `Falha de comunicação com o PSP em ${host} (${code || error.message})`,
  );
}

/**
 * A client of one trainer's PSP that speaks the Banco Central's API Pix: OAuth2 client
 * credentials over mutual TLS (the token kept until a minute before it expires), then the
 * standard's routes under the base URL. `ca` adds a trusted CA (the loopback PSP's in tests and
 * `npm run dev`); the system's CAs are trusted as always. Pix Automático's /locrec, /rec and
 * /cobr are more methods of the same shape.
 */
export class ApiPixClient {
  private readonly base: URL;
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private token?: { value: string; until: number };

  constructor(
    private readonly credentials: ApiPixCredentials,
    options: { ca?: string; timeoutMs?: number; allowInternalNetworks?: boolean } = {},
  ) {
    let base: URL;
    try {
      base = new URL(credentials.baseUrl);
    } catch {
      throw new ApiPixError(
        'url',
        'URL do PSP inválida: use o endereço https:// da API Pix do seu PSP',
      );
    }
    if (base.protocol !== 'https:')
      throw new ApiPixError('url', 'URL do PSP inválida: a API Pix usa https://');
    const allowInternal = options.allowInternalNetworks ?? false;
    if (!allowInternal && isInternalAddress(base.hostname.replace(/^\[|\]$/g, '')))
      throw internalRefused();
    this.base = base;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    try {
      this.agent = new Agent({
        keepAlive: true,
        cert: credentials.certificadoPem,
        key: credentials.chavePem,
        ...(allowInternal ? {} : { lookup: publicOnlyLookup }),
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
      });
    } catch (error) {
      throw failureOf(error as NodeJS.ErrnoException, base.host);
    }
  }

  close(): void {
    this.agent.destroy();
  }

  /** An OAuth2 access token (client credentials), from the PSP's /oauth/token. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(
      `${this.credentials.clientId}:${this.credentials.clientSecret}`,
    ).toString('base64');
    const { status, body } = await this.send('POST', new URL('/oauth/token', this.base), {
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    if (status === 400 || status === 401 || status === 403)
      throw new ApiPixError(
        'credenciais',
        'O PSP recusou as credenciais: confira o client id e o client secret',
        status,
      );
    const token = body as { access_token?: string; expires_in?: number } | undefined;
    if (status !== 200 || !token?.access_token)
      throw new ApiPixError(
        status >= 500 ? 'indisponivel' : 'url',
        status >= 500
          ? `O PSP está indisponível (HTTP ${status}): tente de novo em instantes`
          : `O PSP não emitiu o token OAuth2 em ${this.base.host}/oauth/token (HTTP ${status}): confira a URL`,
        status,
      );
    this.token = {
      value: token.access_token,
      until: Date.now() + Math.max(0, (token.expires_in ?? 60) - 60) * 1000,
    };
    return token.access_token;
  }

  /** PUT /cob/{txid}: creates the immediate charge (the standard's CobGerada answers). */
  putCob(txid: string, cob: CobSolicitada): Promise<ApiPixCob> {
    return this.call('PUT', `cob/${txid}`, cob) as Promise<ApiPixCob>;
  }

  /** GET /cob/{txid}: the charge as the PSP holds it, with the Pix that paid it. */
  getCob(txid: string): Promise<ApiPixCob> {
    return this.call('GET', `cob/${txid}`) as Promise<ApiPixCob>;
  }

  /** PUT /cobv/{txid}: creates the charge with a due date (the standard's CobVGerada answers). */
  putCobv(txid: string, cobv: CobVSolicitada): Promise<ApiPixCob> {
    return this.call('PUT', `cobv/${txid}`, cobv) as Promise<ApiPixCob>;
  }

  /** GET /cobv/{txid}: the charge with a due date as the PSP holds it, with the Pix that paid it. */
  getCobv(txid: string): Promise<ApiPixCob> {
    return this.call('GET', `cobv/${txid}`) as Promise<ApiPixCob>;
  }

  /** GET /pix/{e2eid}: a Pix the PSP received. */
  getPix(endToEndId: string): Promise<ApiPixPix> {
    return this.call('GET', `pix/${endToEndId}`) as Promise<ApiPixPix>;
  }

  /** PUT /webhook/{chave}: the PSP notifies Pix to this key at webhookUrl + '/pix'. */
  async putWebhook(chave: string, webhookUrl: string): Promise<void> {
    await this.call('PUT', `webhook/${encodeURIComponent(chave)}`, { webhookUrl });
  }

  /** PUT /webhookrec and /webhookcobr: recurrences notified at webhookUrl + '/rec', their charges at + '/cobr'. */
  async putWebhooksPixAutomatico(webhookUrl: string): Promise<void> {
    await this.call('PUT', 'webhookrec', { webhookUrl });
    await this.call('PUT', 'webhookcobr', { webhookUrl });
  }

  /** POST /locrec: a location for a recurrence's QR. */
  postLocRec(): Promise<{ id: number; location: string }> {
    return this.call('POST', 'locrec', { tipo: 'rec' }) as Promise<{
      id: number;
      location: string;
    }>;
  }

  /** POST /rec: creates the recurrence (the standard's RecGerada answers). */
  postRec(rec: RecSolicitada): Promise<ApiPixRec> {
    return this.call('POST', 'rec', rec) as Promise<ApiPixRec>;
  }

  /** GET /rec/{idRec}: with the Jornada 3 txid, `dadosQR` carries the composite QR. */
  getRec(idRec: string, txid?: string): Promise<ApiPixRec> {
    const query = txid ? `?txid=${encodeURIComponent(txid)}` : '';
    return this.call('GET', `rec/${encodeURIComponent(idRec)}${query}`) as Promise<ApiPixRec>;
  }

  /** PATCH /rec/{idRec} with status CANCELADA: the receiver cancels the recurrence. */
  cancelRec(idRec: string): Promise<ApiPixRec> {
    return this.call('PATCH', `rec/${encodeURIComponent(idRec)}`, {
      status: 'CANCELADA',
    }) as Promise<ApiPixRec>;
  }

  /** POST /solicrec: the recurrence sent to the payer's bank for them to authorise (Jornada 1). */
  postSolicRec(solicitacao: SolicRecSolicitada): Promise<ApiPixSolicRec> {
    return this.call('POST', 'solicrec', solicitacao) as Promise<ApiPixSolicRec>;
  }

  /** PUT /cobr/{txid}: a recurring charge, 2 to 10 days before its due day. */
  putCobr(txid: string, cobr: CobRSolicitada): Promise<ApiPixCobR> {
    return this.call('PUT', `cobr/${txid}`, cobr) as Promise<ApiPixCobR>;
  }

  /** GET /cobr/{txid}: the recurring charge with its attempts and the Pix that paid it. */
  getCobr(txid: string): Promise<ApiPixCobR> {
    return this.call('GET', `cobr/${txid}`) as Promise<ApiPixCobR>;
  }

  /** PATCH /cob/{txid} or /cobv/{txid} with status REMOVIDA_PELO_USUARIO_RECEBEDOR: no longer payable. */
  removeCob(tipoCob: 'cob' | 'cobv', txid: string): Promise<ApiPixCob> {
    return this.call('PATCH', `${tipoCob}/${txid}`, {
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    }) as Promise<ApiPixCob>;
  }

  /** PATCH /cobr/{txid} with status CANCELADA. */
  cancelCobr(txid: string): Promise<ApiPixCobR> {
    return this.call('PATCH', `cobr/${txid}`, { status: 'CANCELADA' }) as Promise<ApiPixCobR>;
  }

  /** POST /cobr/{txid}/retentativa/{data}: another attempt on `data` (the policy permitting). */
  retryCobr(txid: string, data: string): Promise<ApiPixCobR> {
    return this.call('POST', `cobr/${txid}/retentativa/${data}`) as Promise<ApiPixCobR>;
  }

  private async call(method: string, path: string, payload?: unknown): Promise<unknown> {
    const token = await this.accessToken();
    const url = new URL(`${this.base.pathname.replace(/\/$/, '')}/${path}`, this.base);
    const { status, body } = await this.send(method, url, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    if (status >= 200 && status < 300) return body;
    if (status === 401) this.token = undefined;
    const problem = body as
      { title?: string; detail?: string; violacoes?: { razao?: unknown }[] } | undefined;
    throw new ApiPixError(
      status >= 500 ? 'indisponivel' : 'recusado',
      `O PSP respondeu ${status} a ${method} /${path.split('/')[0]}${problem?.title ? `: ${problem.title}` : ''}`,
      status,
      Array.isArray(problem?.violacoes)
        ? problem.violacoes.flatMap(({ razao }) => (typeof razao === 'string' ? [razao] : []))
        : [],
    );
  }

  private send(
    method: string,
    url: URL,
    init: { headers: Record<string, string>; payload?: string },
    onStaleConnection: 'send again' | 'fail' = 'send again',
  ): Promise<{ status: number; body: unknown }> {
    const { headers, payload } = init;
    return new Promise((resolve, reject) => {
      let request: ReturnType<typeof httpsRequest>;
      try {
        request = httpsRequest(
          url,
          {
            method,
            agent: this.agent,
            headers: { accept: 'application/json', ...headers },
            timeout: this.timeoutMs,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', (error) => reject(failureOf(error, url.host)));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let body: unknown;
              try {
                body = text ? JSON.parse(text) : undefined;
              } catch {
                body = undefined;
              }
              resolve({ status: response.statusCode ?? 0, body });
            });
          },
        );
      } catch (error) {
        // A certificate or key that does not parse fails as the request is made.
        reject(failureOf(error as NodeJS.ErrnoException, url.host));
        return;
      }
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the PSP closed as the request went out (servers end idle ones
        // after a few seconds; a busy event loop sees it late): the request was almost surely
        // never read, so it goes again, once, on a new connection, as Node's documentation
        // advises. At worst a POST /locrec or /rec is made twice, and the spare one is never used.
        if (
          request.reusedSocket &&
          error.code === 'ECONNRESET' &&
          onStaleConnection === 'send again'
        )
          resolve(this.send(method, url, init, 'fail'));
        else reject(failureOf(error, url.host));
      });
      request.end(payload);
    });
  }
}
