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
 * `expire` it, `refuse` credentials or charges or be unavailable. Jest starts it in-process
 * (`startFakePsp()`); the browser tests and `npm run dev` run this file as a process (PORT, and
 * CONTROL_PORT for a plain-HTTP control API; CERT_DIR receives the CA and the client certificate).
 * Pix Automático as the standard's Jornada 3: a location for a recurrence (POST /locrec), the
 * recurrence tied to an immediate charge (POST /rec with `ativacao.dadosJornada.txid`; GET
 * /rec/{idRec}?txid= answers the composite QR in `dadosQR`), PATCH /rec/{idRec} to cancel, the
 * recurring charges (PUT|GET|PATCH /cobr/{txid}, POST /cobr/{txid}/retentativa/{data}) made 2 to
 * 10 days before their due day, and the webhooks PUT /webhookrec and /webhookcobr whose
 * notifications go to their URL + '/rec' and + '/cobr'. And Jornada 1: a request to confirm a
 * recurrence sent to the payer's own bank (POST|GET|PATCH /solicrec), naming their account.
 * Tests act as the payer's bank: `authoriseRec` (the first payment and the authorisation),
 * `refuseRec`, `answerSolicRec` (the request accepted or rejected in the bank's app), `settleCobr`
 * on the due day, `failCobr` (an attempt rejected; retried only as the recurrence's policy
 * allows). Its days are São Paulo's by `setNow` (tests move it with the worker's clock).
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
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../../backend/src/contracts/shared/time';
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

export type FakePspRefusal = 'credenciais' | 'indisponivel' | 'cobranca' | null;

export type RecStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export interface FakePspRec {
  idRec: string;
  body: Json;
  status: RecStatus;
  /** Its location (the QR's); none when only a solicitação can authorise it (Jornada 1). */
  locId?: number;
  txid?: string;
  atualizacao: { status: RecStatus; data: string }[];
  pagador?: Json;
  encerramento?: Json;
  /** How the payer authorised it: the composite QR (Jornada 3) or a request to their bank (1). */
  jornada?: 'JORNADA_1' | 'JORNADA_3';
}
export type SolicRecStatus =
  'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
export interface FakePspSolicRec {
  idSolicRec: string;
  idRec: string;
  body: Json;
  status: SolicRecStatus;
  atualizacao: { status: SolicRecStatus; data: string }[];
}
export type CobRStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export interface FakePspTentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  endToEndId: string;
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
  atualizacao: { status: string; data: string }[];
  rejeicao?: Json;
}
export interface FakePspCobR {
  txid: string;
  idRec: string;
  body: Json;
  criacao: string;
  status: CobRStatus;
  atualizacao: { status: CobRStatus; data: string }[];
  tentativas: FakePspTentativa[];
  pix: Json[];
  encerramento?: Json;
}

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
  /**
   * The receiver's PSP gives part (`valor`) or all of the charge's Pix back to the payer: a
   * devolução DEVOLVIDO in the Pix's `devolucoes`, and the Pix notified again (as the standard
   * notifies devoluções), unless `lost`.
   */
  refund(txid: string, options?: { valor?: string; lost?: boolean }): Promise<{ id: string }>;
  /** Sends the notification of the charge's Pix again, `times` at once; answers their statuses. */
  notify(txid: string, times?: number): Promise<number[]>;
  /** The charge is removed by the PSP (its expiry passed): it can no longer be paid. */
  expire(txid: string): void;
  /**
   * From now on: refuse the OAuth2 credentials, answer 503 to everything, or refuse every charge
   * made (PUT /cob, /cobv: 400 with why); null: normal.
   */
  refuse(mode: FakePspRefusal): void;
  /** The webhook URL registered for a key. */
  webhookOf(chave: string): string | undefined;
  /** What reached the API (method and path), in order. */
  requests(): string[];
  /** Every breach of the standard's schemas seen in requests and answers. */
  violations(): string[];
  /**
   * The next request sent on a connection that already served one finds it closed, unanswered: as
   * when the PSP's idle timeout ends a kept-alive connection just as the client reuses it.
   */
  closeNextKeptAliveConnection(): void;
  /** The PSP's clock (its days are São Paulo's); undefined: the real one. */
  setNow(instant: Date | string | undefined): void;
  rec(idRec: string): FakePspRec | undefined;
  recs(): FakePspRec[];
  cobr(txid: string): FakePspCobR | undefined;
  cobrs(): FakePspCobR[];
  /** The payer's bank: the composite QR read, its immediate charge paid, the recurrence approved. */
  authoriseRec(idRec: string, options?: { lost?: boolean }): Promise<void>;
  /** The payer refused the recurrence in their bank app. */
  refuseRec(idRec: string): Promise<void>;
  solicRecs(): FakePspSolicRec[];
  /**
   * Jornada 1: the payer's bank got the request and the payer answered it in their app: accepted
   * (the recurrence APROVADA) or rejected (the recurrence REJEITADA); notified unless `lost`.
   */
  answerSolicRec(
    idSolicRec: string,
    answer: 'aceitar' | 'rejeitar',
    options?: { lost?: boolean },
  ): Promise<void>;
  /** The scheduled attempt is settled: the cobr CONCLUIDA with its Pix, notified. */
  settleCobr(txid: string, options?: { lost?: boolean }): Promise<{ endToEndId: string }>;
  /** The scheduled attempt is rejected (no funds); with no retry left the cobr expires. */
  failCobr(txid: string): Promise<void>;
  /** Sends a recurrence's or a recurring charge's notification again, `times` at once. */
  notifyRec(idRec: string, times?: number): Promise<number[]>;
  notifyCobr(txid: string, times?: number): Promise<number[]>;
  close(): Promise<void>;
}

const SCOPES =
  'cob.write cob.read cobv.write cobv.read pix.read webhook.write webhook.read rec.write rec.read ' +
  'cobr.write cobr.read payloadlocationrec.write webhookrec.write webhookcobr.write ' +
  'solicrec.write solicrec.read';
const REQUIRED_SCOPE: Record<string, string> = {
  'PUT /cob': 'cob.write',
  'GET /cob': 'cob.read',
  'PUT /cobv': 'cobv.write',
  'GET /cobv': 'cobv.read',
  'PATCH /cob': 'cob.write',
  'PATCH /cobv': 'cobv.write',
  'GET /pix': 'pix.read',
  'PUT /webhook': 'webhook.write',
  'GET /webhook': 'webhook.read',
  'DELETE /webhook': 'webhook.write',
  'POST /rec': 'rec.write',
  'GET /rec': 'rec.read',
  'PATCH /rec': 'rec.write',
  'PUT /cobr': 'cobr.write',
  'GET /cobr': 'cobr.read',
  'PATCH /cobr': 'cobr.write',
  'POST /cobr': 'cobr.write',
  'POST /locrec': 'payloadlocationrec.write',
  'PUT /webhookrec': 'webhookrec.write',
  'PUT /webhookcobr': 'webhookcobr.write',
  'POST /solicrec': 'solicrec.write',
  'GET /solicrec': 'solicrec.read',
  'PATCH /solicrec': 'solicrec.write',
};
/** A solicitação still waiting for the payer's answer (the standard's "ativa"). */
const SOLICREC_OPEN: readonly SolicRecStatus[] = ['CRIADA', 'ENVIADA', 'RECEBIDA'];
/** How many days before its due day a cobr may be made (the Pix Automático regulation). */
const COBR_MIN_DAYS = 2;
const COBR_MAX_DAYS = 10;
const RETRIES = 3;
const RETRY_WINDOW_DAYS = 7;
const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** A PSP whose CNPJ is alphanumeric (IN RFB 2229/2024), its ISPB the CNPJ's first 8 characters. */
const ISPB = '12ABC345';
const RECEBEDOR = {
  cnpj: '12ABC34501DE35',
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
function dynamicBrCode(location: string, recLocation?: string): string {
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
    (recLocation ? field('80', field('00', 'br.gov.bcb.pix') + field('25', recLocation)) : '') +
    '6304';
  return payload + crc16(payload);
}

const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

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
  const locrecs = new Map<
    number,
    { id: number; location: string; tipo: string; criacao: string; idRec?: string }
  >();
  const recs = new Map<string, FakePspRec>();
  const solicrecs = new Map<string, FakePspSolicRec>();
  const cobrs = new Map<string, FakePspCobR>();
  let webhookRec: { webhookUrl: string; criacao: string } | undefined;
  let webhookCobr: { webhookUrl: string; criacao: string } | undefined;
  let clock: Date | undefined;
  const now = () => clock ?? new Date();
  const seen: string[] = [];
  const breaches: string[] = [];
  let refusal: FakePspRefusal = null;
  const usedConnections = new WeakSet<object>();
  let closingKeptAlive = false;
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
    // As the PSPs do: a charge with a due date already past is refused.
    const vencimento = kind === 'cobv' ? String(((body as Json).calendario as Json).dataDeVencimento) : '';
    if (kind === 'cobv' && vencimento < today())
      throw new Problem(400, tipo, 'Cobrança inválida.', [
        {
          razao: 'A data de vencimento não pode ser anterior à data de criação da cobrança.',
          propriedade: 'cobv.calendario.dataDeVencimento',
        },
      ]);
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

  /**
   * PATCH /cob/{txid}, /cobv/{txid}: the receiver's revision. Only the removal is taken here (what
   * Vira sends when a charge is cancelled): an ATIVA charge becomes REMOVIDA_PELO_USUARIO_RECEBEDOR
   * and can no longer be paid; one paid or removed already is refused, as the PSPs do.
   */
  function patchCob(cob: FakePspCob, body: unknown): Json {
    const tipo = cob.kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida';
    validRequest(cob.kind === 'cob' ? 'CobRevisada' : 'CobVRevisada', body, tipo);
    if ((body as { status?: string }).status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
      throw new Problem(400, tipo, 'Cobrança inválida.', [
        { razao: 'O loopback só revisa o status da cobrança.', propriedade: `${cob.kind}.status` },
      ]);
    if (cob.status !== 'ATIVA')
      throw new Problem(400, tipo, 'Cobrança inválida.', [
        { razao: `A cobrança está ${cob.status}.`, propriedade: `${cob.kind}.status` },
      ]);
    cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    cob.revisao += 1;
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

  const today = () => zonedParts(now(), DEFAULT_TIME_ZONE).date;
  const stamp = () => now().toISOString();

  function newIdRec(politica: string): string {
    const date = today().replace(/-/g, '');
    const tail = randomBytes(16).toString('hex').slice(0, 11);
    return `R${politica === 'PERMITE_3R_7D' ? 'R' : 'N'}${ISPB}${date}${tail}`;
  }

  /** `map`'s entry under `key`, or the manual's 404 with `tipo` and `title`. */
  function found<T>(map: Map<string, T>, key: string, tipo: string, title: string): T {
    const value = map.get(key);
    if (!value) throw new Problem(404, tipo, title);
    return value;
  }

  const recOf = (idRec: string) =>
    found(recs, idRec, 'RecNaoEncontrada', 'Recorrência não encontrada.');

  const recInvalid = (razao: string, propriedade: string) =>
    new Problem(400, 'RecOperacaoInvalida', 'Operação inválida.', [{ razao, propriedade }]);

  function postRec(body: unknown): Json {
    validRequest('RecSolicitada', body, 'RecOperacaoInvalida');
    const rec = body as {
      calendario: { dataInicial: string };
      politicaRetentativa: string;
      loc?: number;
      ativacao?: { dadosJornada?: { txid: string } };
      valor?: { valorRec?: string; valorMinimoRecebedor?: string };
    };
    if (rec.calendario.dataInicial < today())
      throw recInvalid(
        'O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.',
        'rec.calendario.dataInicial',
      );
    if (rec.valor?.valorRec && rec.valor.valorMinimoRecebedor)
      throw recInvalid('Ambos valorRec e valorMinimoRecebedor estão preenchidos.', 'rec.valor');
    // Without a location the recurrence can only be authorised through a solicitação (Jornada 1).
    if (rec.loc !== undefined && !locrecs.has(rec.loc))
      throw recInvalid('O location referenciado por rec.loc inexiste.', 'rec.loc');
    if (rec.loc !== undefined && locrecs.get(rec.loc)?.idRec)
      throw recInvalid('O location referenciado por rec.loc já está sendo utilizado.', 'rec.loc');
    const txid = rec.ativacao?.dadosJornada?.txid;
    if (txid && cobs.get(txid)?.kind !== 'cob')
      throw recInvalid('dadosJornada.txid não é uma cobrança imediata.', 'rec.ativacao');
    const idRec = newIdRec(rec.politicaRetentativa);
    const loc = rec.loc === undefined ? undefined : locrecs.get(rec.loc);
    if (loc) loc.idRec = idRec;
    const created: FakePspRec = {
      idRec,
      body: body as Json,
      status: 'CRIADA',
      ...(rec.loc !== undefined ? { locId: rec.loc } : {}),
      ...(txid ? { txid } : {}),
      atualizacao: [{ status: 'CRIADA', data: stamp() }],
    };
    recs.set(idRec, created);
    return recAnswer(created);
  }

  function recAnswer(rec: FakePspRec, txid?: string): Json {
    const {
      loc: _loc,
      ativacao: _ativacao,
      recebedor,
      ...rest
    } = rec.body as {
      loc?: number;
      ativacao?: unknown;
      recebedor?: Json;
    };
    const loc = rec.locId === undefined ? undefined : locrecs.get(rec.locId);
    const answer: Json = {
      ...rest,
      idRec: rec.idRec,
      recebedor: { ...recebedor, cnpj: RECEBEDOR.cnpj, nome: RECEBEDOR.nome },
      status: rec.status,
      ...(loc ? { loc } : {}),
      atualizacao: rec.atualizacao,
      ...(rec.pagador ? { pagador: rec.pagador } : {}),
      ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
      ...(solicitacoesOf(rec.idRec).length
        ? { solicitacao: solicitacoesOf(rec.idRec).map(solicRecAnswer) }
        : {}),
      ativacao: {
        tipoJornada: rec.jornada ?? 'AGUARDANDO_DEFINICAO',
        // The standard: removed when the recurrence is activated by journey 1, 2 or 4.
        ...(rec.txid && rec.jornada !== 'JORNADA_1' ? { dadosJornada: { txid: rec.txid } } : {}),
      },
    };
    if (txid !== undefined) {
      const cob = cobs.get(txid);
      if (!cob || cob.kind !== 'cob' || (rec.txid && rec.txid !== txid))
        throw new Problem(400, 'RecConsultaInvalida', 'Consulta inválida.', [
          { razao: 'txid não corresponde à cobrança da jornada', propriedade: 'txid' },
        ]);
      if (loc)
        answer.dadosQR = {
          jornada: 'JORNADA_3',
          pixCopiaECola: dynamicBrCode(cob.location, loc.location),
        };
    }
    return answer;
  }

  function patchRec(rec: FakePspRec, body: unknown): Json {
    validRequest('RecRevisada', body, 'RecOperacaoInvalida');
    const revised = body as { status?: string };
    if (rec.status === 'CANCELADA' || rec.status === 'REJEITADA' || rec.status === 'EXPIRADA')
      throw recInvalid('A recorrência encontra-se encerrada.', 'rec.status');
    if (revised.status === 'CANCELADA') {
      rec.status = 'CANCELADA';
      rec.atualizacao.push({ status: 'CANCELADA', data: stamp() });
      rec.encerramento = {
        cancelamento: {
          solicitante: 'USUARIO_RECEBEDOR',
          codigo: 'SLCR',
          descricao: 'Cancelamento solicitado pelo usuário recebedor',
        },
      };
      void deliverRec(rec);
    }
    return recAnswer(rec);
  }

  const solicitacoesOf = (idRec: string) =>
    [...solicrecs.values()].filter((solicitacao) => solicitacao.idRec === idRec);

  const solicRecInvalid = (razao: string, propriedade: string) =>
    new Problem(400, 'SolicRecOperacaoInvalida', 'Solicitação inválida.', [{ razao, propriedade }]);

  const solicRecOf = (idSolicRec: string) =>
    found(
      solicrecs,
      idSolicRec,
      'SolicRecNaoEncontrada',
      'Solicitação de recorrência não encontrada.',
    );

  /** SolicRecCompleta: the request, its history and the recurrence as sent to the payer's bank. */
  function solicRecAnswer(solicitacao: FakePspSolicRec): Json {
    const rec = recs.get(solicitacao.idRec)!;
    const { vinculo, calendario, valor, politicaRetentativa } = rec.body;
    return {
      ...solicitacao.body,
      idSolicRec: solicitacao.idSolicRec,
      status: solicitacao.status,
      atualizacao: solicitacao.atualizacao,
      recPayload: {
        idRec: rec.idRec,
        vinculo,
        calendario,
        ...(valor ? { valor } : {}),
        politicaRetentativa,
        recebedor: { cnpj: RECEBEDOR.cnpj, nome: RECEBEDOR.nome, ispbParticipante: ISPB },
        atualizacao: rec.atualizacao,
      },
    };
  }

  function postSolicRec(body: unknown): Json {
    validRequest('SolicRecSolicitada', body, 'SolicRecOperacaoInvalida');
    const request = body as { idRec: string; calendario: { dataExpiracaoSolicitacao: string } };
    const rec = recs.get(request.idRec);
    if (!rec) throw solicRecInvalid('A recorrência solicrec.idRec inexiste.', 'solicrec.idRec');
    if (rec.status !== 'CRIADA')
      throw solicRecInvalid('A recorrência solicrec.idRec não está CRIADA.', 'solicrec.idRec');
    if (Date.parse(request.calendario.dataExpiracaoSolicitacao) <= now().getTime())
      throw solicRecInvalid(
        'O campo solicrec.calendario.dataExpiracaoSolicitacao é anterior à data de criação da solicitação da recorrência.',
        'solicrec.calendario.dataExpiracaoSolicitacao',
      );
    if (solicitacoesOf(rec.idRec).some((other) => SOLICREC_OPEN.includes(other.status)))
      throw solicRecInvalid(
        'Existe uma solicitação ativa referente ao mesmo solicrec.idRec.',
        'solicrec.idRec',
      );
    const date = today().replace(/-/g, '');
    const solicitacao: FakePspSolicRec = {
      idSolicRec: `SC${ISPB}${date}${randomBytes(16).toString('hex').slice(0, 11)}`,
      idRec: rec.idRec,
      body: body as Json,
      status: 'CRIADA',
      atualizacao: [{ status: 'CRIADA', data: stamp() }],
    };
    solicrecs.set(solicitacao.idSolicRec, solicitacao);
    const answer = solicRecAnswer(solicitacao);
    // Then sent to the payer's bank (the pain.009), where it waits for the payer's answer.
    moveSolicRec(solicitacao, 'ENVIADA');
    return answer;
  }

  function moveSolicRec(solicitacao: FakePspSolicRec, status: SolicRecStatus) {
    solicitacao.status = status;
    solicitacao.atualizacao.push({ status, data: stamp() });
  }

  function patchSolicRec(solicitacao: FakePspSolicRec, body: unknown): Json {
    validRequest('SolicRecRevisada', body, 'SolicRecOperacaoInvalida');
    if (!SOLICREC_OPEN.includes(solicitacao.status))
      throw solicRecInvalid(
        'Não é possível cancelar uma solicitação de recorrência com o status diferente de CRIADA, ENVIADA ou RECEBIDA.',
        'solicrec.status',
      );
    moveSolicRec(solicitacao, 'CANCELADA');
    return solicRecAnswer(solicitacao);
  }

  const cobrOf = (txid: string) =>
    found(cobrs, txid, 'CobRNaoEncontrado', 'Cobrança não encontrada.');

  const cobrInvalid = (razao: string, propriedade: string) =>
    new Problem(400, 'CobROperacaoInvalida', 'Operação inválida.', [{ razao, propriedade }]);

  function putCobr(txid: string, body: unknown): Json {
    if (!TXID.test(txid)) throw cobrInvalid('txid inválido', 'txid');
    validRequest('CobRSolicitada', body, 'CobROperacaoInvalida');
    const cobr = body as { idRec: string; calendario: { dataDeVencimento: string } };
    if (cobrs.has(txid) || cobs.has(txid))
      throw cobrInvalid('O campo cobr.txid encontra-se em uso.', 'cobr.txid');
    const rec = recs.get(cobr.idRec);
    if (!rec || rec.status !== 'APROVADA')
      throw cobrInvalid('A recorrência cobr.idRec não está aprovada.', 'cobr.idRec');
    const due = cobr.calendario.dataDeVencimento;
    const ahead = days(today(), due);
    if (ahead < COBR_MIN_DAYS || ahead > COBR_MAX_DAYS)
      throw cobrInvalid(
        `A cobrança deve ser criada de ${COBR_MIN_DAYS} a ${COBR_MAX_DAYS} dias antes do vencimento.`,
        'cobr.calendario.dataDeVencimento',
      );
    for (const other of cobrs.values())
      if (
        other.idRec === cobr.idRec &&
        other.status !== 'REJEITADA' &&
        other.status !== 'CANCELADA' &&
        String((other.body.calendario as Json).dataDeVencimento).slice(0, 7) === due.slice(0, 7)
      )
        throw cobrInvalid(
          'Existe uma CobR referente ao mesmo cobr.idRec no mesmo ciclo.',
          'cobr.calendario.dataDeVencimento',
        );
    const at = stamp();
    const created: FakePspCobR = {
      txid,
      idRec: cobr.idRec,
      body: body as Json,
      criacao: today(),
      status: 'ATIVA',
      atualizacao: [
        { status: 'CRIADA', data: at },
        { status: 'ATIVA', data: at },
      ],
      // The payer's PSP schedules the payment for the due day.
      tentativas: [
        {
          dataLiquidacao: due,
          tipo: 'AGND',
          endToEndId: newEndToEndId(),
          status: 'AGENDADA',
          atualizacao: [
            { status: 'SOLICITADA', data: at },
            { status: 'AGENDADA', data: at },
          ],
        },
      ],
      pix: [],
    };
    cobrs.set(txid, created);
    return cobrAnswer(created, false);
  }

  function cobrAnswer(cobr: FakePspCobR, complete: boolean): Json {
    const { calendario, recebedor, ...rest } = cobr.body as { calendario: Json; recebedor: Json };
    const rec = recs.get(cobr.idRec);
    const answer: Json = {
      ...rest,
      txid: cobr.txid,
      calendario: { ...calendario, criacao: cobr.criacao },
      recebedor: { ...recebedor, cnpj: RECEBEDOR.cnpj, nome: RECEBEDOR.nome },
      status: cobr.status,
    };
    if (!complete) return answer;
    return {
      ...answer,
      politicaRetentativa: (rec?.body.politicaRetentativa as string) ?? 'NAO_PERMITE',
      atualizacao: cobr.atualizacao,
      ...(cobr.encerramento ? { encerramento: cobr.encerramento } : {}),
      tentativas: cobr.tentativas,
      ...(cobr.pix.length ? { pix: cobr.pix } : {}),
    };
  }

  function cancelCobr(cobr: FakePspCobR) {
    cobr.status = 'CANCELADA';
    cobr.atualizacao.push({ status: 'CANCELADA', data: stamp() });
    for (const tentativa of cobr.tentativas)
      if (tentativa.status === 'AGENDADA' || tentativa.status === 'SOLICITADA') {
        tentativa.status = 'CANCELADA';
        tentativa.atualizacao.push({ status: 'CANCELADA', data: stamp() });
      }
  }

  function patchCobr(cobr: FakePspCobR, body: unknown): Json {
    validRequest('CobRRevisada', body, 'CobROperacaoInvalida');
    if ((body as { status?: string }).status === 'CANCELADA') {
      if (cobr.status !== 'CRIADA' && cobr.status !== 'ATIVA')
        throw cobrInvalid('A cobrança não está ativa.', 'cobr.status');
      const first = cobr.tentativas[0]?.dataLiquidacao;
      if (first && today() >= first)
        throw cobrInvalid(
          'Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.',
          'cobr.status',
        );
      cancelCobr(cobr);
      void deliverCobr(cobr);
    }
    return cobrAnswer(cobr, false);
  }

  const retriesLeft = (cobr: FakePspCobR) => {
    const rec = recs.get(cobr.idRec);
    if (rec?.body.politicaRetentativa !== 'PERMITE_3R_7D') return 0;
    return RETRIES - cobr.tentativas.filter((tentativa) => tentativa.tipo === 'RIFL').length;
  };
  const lastRetryDay = (cobr: FakePspCobR) =>
    addDays(String((cobr.body.calendario as Json).dataDeVencimento), RETRY_WINDOW_DAYS);

  function retry(cobr: FakePspCobR, data: string): Json {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(data)) throw cobrInvalid('data inválida', 'data');
    if (retriesLeft(cobr) <= 0)
      throw cobrInvalid(
        'A política configurada na recorrência não permite retentativa de cobrança.',
        'data',
      );
    if (data <= today())
      throw cobrInvalid('O parâmetro data não corresponde a uma data futura.', 'data');
    if (data > lastRetryDay(cobr)) throw cobrInvalid('data após a janela de retentativas.', 'data');
    if (cobr.status !== 'ATIVA') throw cobrInvalid('A cobrança não está ativa.', 'cobr.status');
    if (cobr.tentativas.some((tentativa) => ['SOLICITADA', 'AGENDADA'].includes(tentativa.status)))
      throw cobrInvalid('Existe uma tentativa com status SOLICITADA ou AGENDADA.', 'data');
    const at = stamp();
    cobr.tentativas.push({
      dataLiquidacao: data,
      tipo: 'RIFL',
      endToEndId: newEndToEndId(),
      status: 'AGENDADA',
      atualizacao: [
        { status: 'SOLICITADA', data: at },
        { status: 'AGENDADA', data: at },
      ],
    });
    return cobrAnswer(cobr, true);
  }

  /** POSTs a notification to a webhook's URL + suffix, as a PSP retries a failed one. */
  async function post(url: string, body: unknown, attempts: number): Promise<number> {
    let status = 0;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const answer = await fetch(url, {
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

  /** The active recurring charge `txid` and its scheduled attempt, which a test settles or fails. */
  function scheduledAttempt(txid: string) {
    const cobr = cobrs.get(txid);
    if (!cobr) throw new Error(`cobrança recorrente ${txid} não existe no PSP`);
    const tentativa = cobr.tentativas.find((candidate) => candidate.status === 'AGENDADA');
    if (cobr.status !== 'ATIVA' || !tentativa)
      throw new Error(`cobrança recorrente ${txid} sem tentativa agendada (${cobr.status})`);
    return { cobr, tentativa };
  }

  async function deliverRec(rec: FakePspRec, attempts = 3): Promise<number> {
    if (!webhookRec) return 0;
    const answer = recAnswer(rec);
    const body = {
      recs: [
        {
          idRec: rec.idRec,
          status: rec.status,
          atualizacao: rec.atualizacao,
          ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
          ativacao: answer.ativacao,
        },
      ],
    };
    check('WebhookRecBody', body, 'notificação rec');
    return post(`${webhookRec.webhookUrl.replace(/\/$/, '')}/rec`, body, attempts);
  }

  async function deliverCobr(cobr: FakePspCobR, attempts = 3): Promise<number> {
    if (!webhookCobr) return 0;
    const body = {
      cobsr: [
        {
          idRec: cobr.idRec,
          txid: cobr.txid,
          status: cobr.status,
          atualizacao: cobr.atualizacao,
          tentativas: cobr.tentativas,
          ...(cobr.pix.length ? { pix: cobr.pix } : {}),
        },
      ],
    };
    check('WebhookCobRBody', body, 'notificação cobr');
    return post(`${webhookCobr.webhookUrl.replace(/\/$/, '')}/cobr`, body, attempts);
  }

  async function api(
    method: string,
    route: string,
    rest: string,
    request: IncomingMessage,
    query: URLSearchParams,
  ): Promise<[number, unknown]> {
    const body = ['PUT', 'POST', 'PATCH'].includes(method) ? await readJson(request) : undefined;
    const where = `${method} ${route}`;
    /** An answer checked against the manual's schema (a breach fails the spec that saw it). */
    const checked = (status: number, schema: ApiPixSchema, answer: unknown): [number, unknown] => {
      check(schema, answer, where);
      return [status, answer];
    };
    switch (where) {
      case 'PUT /cob':
        return checked(201, 'CobGerada', putCob('cob', rest, body));
      case 'GET /cob':
        return checked(200, 'CobCompleta', cobAnswer(cobOf('cob', rest), true));
      case 'PUT /cobv':
        return checked(201, 'CobVGerada', putCob('cobv', rest, body));
      case 'GET /cobv':
        return checked(200, 'CobVCompleta', cobAnswer(cobOf('cobv', rest), true));
      case 'PATCH /cob':
        return checked(200, 'CobGerada', patchCob(cobOf('cob', rest), body));
      case 'PATCH /cobv':
        return checked(200, 'CobVGerada', patchCob(cobOf('cobv', rest), body));
      case 'GET /pix':
        return checked(200, 'Pix', found(pixes, rest, 'PixNaoEncontrado', 'Pix não encontrado.'));
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
        const webhook = found(webhooks, chave, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
        return checked(200, 'WebhookCompleto', { ...webhook, chave, cnpj: RECEBEDOR.cnpj });
      }
      case 'DELETE /webhook': {
        if (!webhooks.delete(decodeURIComponent(rest)))
          throw new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
        return [204, undefined];
      }
      case 'PUT /webhookrec':
      case 'PUT /webhookcobr': {
        const rec = route === '/webhookrec';
        validRequest(
          rec ? 'WebhookRecSolicitado' : 'WebhookCobRSolicitado',
          body,
          rec ? 'WebhookRecOperacaoInvalida' : 'WebhookCobROperacaoInvalida',
        );
        const webhook = {
          webhookUrl: (body as { webhookUrl: string }).webhookUrl,
          criacao: now().toISOString(),
        };
        if (rec) webhookRec = webhook;
        else webhookCobr = webhook;
        return [200, undefined];
      }
      case 'POST /locrec': {
        validRequest('PayloadLocationRecSolicitada', body, 'PayloadLocationRecOperacaoInvalida');
        const loc = {
          id: nextLocation++,
          location: `${host}/qr/v2/rec/${randomUUID().replace(/-/g, '')}`,
          tipo: 'rec',
          criacao: now().toISOString(),
        };
        locrecs.set(loc.id, loc);
        return checked(201, 'PayloadLocationRecCompleta', loc);
      }
      case 'POST /rec':
        return checked(201, 'RecGerada', postRec(body));
      case 'GET /rec':
        return checked(200, 'RecCompleta', recAnswer(recOf(rest), query.get('txid') ?? undefined));
      case 'PATCH /rec':
        return checked(200, 'RecGerada', patchRec(recOf(rest), body));
      case 'POST /solicrec':
        return checked(201, 'SolicRecCompleta', postSolicRec(body));
      case 'GET /solicrec':
        return checked(200, 'SolicRecCompleta', solicRecAnswer(solicRecOf(rest)));
      case 'PATCH /solicrec':
        return checked(200, 'SolicRecCompleta', patchSolicRec(solicRecOf(rest), body));
      case 'PUT /cobr':
        return checked(201, 'CobRGerada', putCobr(rest, body));
      case 'GET /cobr':
        return checked(200, 'CobRCompleta', cobrAnswer(cobrOf(rest), true));
      case 'PATCH /cobr':
        return checked(200, 'CobRGerada', patchCobr(cobrOf(rest), body));
      case 'POST /cobr': {
        const [txid, what, data] = rest.split('/');
        if (what !== 'retentativa' || !data) break;
        const answer = retry(cobrOf(txid), data);
        check('CobRRetentativa', answer, 'POST /cobr/retentativa');
        return [201, answer];
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
    if (closingKeptAlive && usedConnections.has(request.socket)) {
      closingKeptAlive = false;
      request.socket.destroy();
      return;
    }
    usedConnections.add(request.socket);
    const url = new URL(request.url ?? '/', 'https://psp');
    const method = request.method ?? 'GET';
    seen.push(`${method} ${url.pathname}`);
    let status: number;
    let answer: unknown;
    try {
      if (refusal === 'indisponivel')
        throw new Problem(503, 'ServicoIndisponivel', 'Serviço Indisponível');
      if (refusal === 'cobranca' && method === 'PUT' && /^\/api\/v2\/cobv?\//.test(url.pathname))
        throw new Problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', [
          { razao: 'A chave informada não pertence ao recebedor.', propriedade: 'cob.chave' },
        ]);
      if (url.pathname === '/oauth/token' && method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString('utf8');
        const isJson = (request.headers['content-type'] ?? '').includes('json');
        [status, answer] = token(request, isJson && text ? JSON.parse(text) : text);
      } else {
        const match =
          /^\/api\/v2\/(cob|cobv|pix|webhook|rec|solicrec|cobr)\/(.+)$/.exec(url.pathname) ??
          /^\/api\/v2\/(locrec|rec|solicrec|webhookrec|webhookcobr)()$/.exec(url.pathname);
        if (!match) throw new Problem(404, 'NaoEncontrado', 'Não Encontrado');
        const [, route, rest] = match;
        if (route !== 'cobr' && rest.includes('/'))
          throw new Problem(404, 'NaoEncontrado', 'Não Encontrado');
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const granted = bearer ? tokens.get(bearer) : undefined;
        if (!granted || granted.expiresAt < Date.now())
          throw new Problem(401, 'AcessoNegado', 'Token de acesso ausente ou expirado');
        const scope = REQUIRED_SCOPE[`${method} /${route}`];
        if (scope && !granted.scope.has(scope))
          throw new Problem(403, 'AcessoNegado', 'Acesso Negado');
        [status, answer] = await api(method, `/${route}`, rest, request, url.searchParams);
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
    return post(`${webhook.webhookUrl.replace(/\/$/, '')}/pix`, body, attempts);
  }

  const cobToPay = (txid: string) => {
    const cob = cobs.get(txid);
    if (!cob) throw new Error(`cobrança ${txid} não existe no PSP`);
    return cob;
  };

  const fake: FakePsp = {
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
    async refund(txid, { valor, lost = false } = {}) {
      const cob = cobToPay(txid);
      const [pix] = cob.pix;
      if (cob.status !== 'CONCLUIDA' || !pix) throw new Error(`cobrança ${txid} não foi paga`);
      const devolucoes = (pix.devolucoes ?? []) as Json[];
      const id = `D${devolucoes.length + 1}${randomBytes(8).toString('hex')}`;
      const now = new Date().toISOString();
      devolucoes.push({
        id,
        rtrId: newEndToEndId().replace(/^E/, 'D'),
        valor: valor ?? pix.valor,
        horario: { solicitacao: now, liquidacao: now },
        status: 'DEVOLVIDO',
      });
      pix.devolucoes = devolucoes;
      check('Pix', pix, 'devolução');
      if (!lost) await deliver(cob);
      return { id };
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
    closeNextKeptAliveConnection() {
      closingKeptAlive = true;
    },
    setNow(instant) {
      clock = instant === undefined ? undefined : new Date(instant);
    },
    rec: (idRec) => recs.get(idRec),
    recs: () => [...recs.values()],
    cobr: (txid) => cobrs.get(txid),
    cobrs: () => [...cobrs.values()],
    async authoriseRec(idRec, { lost = false } = {}) {
      const rec = recs.get(idRec);
      if (!rec) throw new Error(`recorrência ${idRec} não existe no PSP`);
      if (rec.status !== 'CRIADA') throw new Error(`recorrência ${idRec} está ${rec.status}`);
      const devedor = (rec.body.vinculo as { devedor: { cpf?: string } }).devedor;
      // Jornada 3: the immediate charge is paid as the recurrence is accepted.
      if (rec.txid && cobs.get(rec.txid)?.status === 'ATIVA') await fake.pay(rec.txid, { lost });
      rec.status = 'APROVADA';
      rec.jornada = 'JORNADA_3';
      rec.atualizacao.push({ status: 'APROVADA', data: stamp() });
      rec.pagador = { ispbParticipante: '87654321', codMun: '3550308', cpf: devedor.cpf };
      if (!lost) await deliverRec(rec);
    },
    solicRecs: () => [...solicrecs.values()],
    async answerSolicRec(idSolicRec, answer, { lost = false } = {}) {
      const solicitacao = solicrecs.get(idSolicRec);
      if (!solicitacao) throw new Error(`solicitação ${idSolicRec} não existe no PSP`);
      if (!SOLICREC_OPEN.includes(solicitacao.status))
        throw new Error(`solicitação ${idSolicRec} está ${solicitacao.status}`);
      const rec = recs.get(solicitacao.idRec)!;
      if (rec.status !== 'CRIADA') throw new Error(`recorrência ${rec.idRec} está ${rec.status}`);
      moveSolicRec(solicitacao, 'RECEBIDA');
      if (answer === 'aceitar') {
        moveSolicRec(solicitacao, 'ACEITA');
        const destinatario = solicitacao.body.destinatario as {
          cpf: string;
          ispbParticipante: string;
        };
        rec.status = 'APROVADA';
        rec.jornada = 'JORNADA_1';
        rec.atualizacao.push({ status: 'APROVADA', data: stamp() });
        rec.pagador = {
          ispbParticipante: destinatario.ispbParticipante,
          codMun: '3550308',
          cpf: destinatario.cpf,
        };
      } else {
        moveSolicRec(solicitacao, 'REJEITADA');
        rec.status = 'REJEITADA';
        rec.atualizacao.push({ status: 'REJEITADA', data: stamp() });
        rec.encerramento = {
          rejeicao: { codigo: 'AP13', descricao: 'Recorrência recusada pelo usuário pagador' },
        };
      }
      if (!lost) await deliverRec(rec);
    },
    async refuseRec(idRec) {
      const rec = recs.get(idRec);
      if (!rec) throw new Error(`recorrência ${idRec} não existe no PSP`);
      rec.status = 'REJEITADA';
      rec.atualizacao.push({ status: 'REJEITADA', data: stamp() });
      rec.encerramento = {
        rejeicao: { codigo: 'AP13', descricao: 'Recorrência recusada pelo usuário pagador' },
      };
      await deliverRec(rec);
    },
    async settleCobr(txid, { lost = false } = {}) {
      const { cobr, tentativa } = scheduledAttempt(txid);
      const at = stamp();
      tentativa.status = 'PAGA';
      tentativa.atualizacao.push({ status: 'PAGA', data: at });
      const valor = String((cobr.body.valor as Json).original);
      const pix = { endToEndId: tentativa.endToEndId, txid, valor, horario: at };
      pixes.set(tentativa.endToEndId, pix);
      cobr.pix = [pix];
      cobr.status = 'CONCLUIDA';
      cobr.atualizacao.push({ status: 'CONCLUIDA', data: at });
      if (!lost) await deliverCobr(cobr);
      return { endToEndId: tentativa.endToEndId };
    },
    async failCobr(txid) {
      const { cobr, tentativa } = scheduledAttempt(txid);
      const at = stamp();
      tentativa.status = 'REJEITADA';
      tentativa.atualizacao.push({ status: 'REJEITADA', data: at });
      tentativa.rejeicao = { codigo: 'AM02', descricao: 'Saldo insuficiente na conta do pagador' };
      if (retriesLeft(cobr) <= 0 || addDays(tentativa.dataLiquidacao, 1) > lastRetryDay(cobr)) {
        cobr.status = 'EXPIRADA';
        cobr.atualizacao.push({ status: 'EXPIRADA', data: at });
      }
      await deliverCobr(cobr);
    },
    notifyRec(idRec, times = 1) {
      const rec = recs.get(idRec);
      if (!rec) throw new Error(`recorrência ${idRec} não existe no PSP`);
      return Promise.all(Array.from({ length: times }, () => deliverRec(rec, 1)));
    },
    notifyCobr(txid, times = 1) {
      const cobr = cobrs.get(txid);
      if (!cobr) throw new Error(`cobrança recorrente ${txid} não existe no PSP`);
      return Promise.all(Array.from({ length: times }, () => deliverCobr(cobr, 1)));
    },
    webhookOf: (chave) => webhooks.get(chave)?.webhookUrl,
    requests: () => [...seen],
    violations: () => [...breaches],
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/**
 * As a process: the PSP on PORT, its CA and client certificate written to CERT_DIR (ca.pem,
 * client.pem, client-key.pem, client.json with the OAuth2 client), and a control API on
 * CONTROL_PORT: POST /pay/{txid}, POST /refund/{txid}?valor=, POST /expire/{txid}, GET /violations, GET /health, and for
 * Pix Automático GET /recs, POST /authorise-rec/{idRec}, /refuse-rec/{idRec}, /settle-cobr/{txid},
 * /fail-cobr/{txid}, and Jornada 1's GET /solicrecs, POST /accept-solicrec/{idSolicRec},
 * /reject-solicrec/{idSolicRec}.
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
          if (request.method === 'POST' && action?.startsWith('refund')) {
            const url = new URL(request.url ?? '', 'http://localhost');
            const valor = url.searchParams.get('valor') ?? undefined;
            return reply(200, await psp.refund(url.pathname.split('/')[2], { valor }));
          }
          if (action === 'recs') return reply(200, psp.recs());
          if (request.method === 'POST' && action === 'authorise-rec') {
            await psp.authoriseRec(txid);
            return reply(200, { ok: true });
          }
          if (request.method === 'POST' && action === 'refuse-rec') {
            await psp.refuseRec(txid);
            return reply(200, { ok: true });
          }
          if (action === 'solicrecs') return reply(200, psp.solicRecs());
          if (
            request.method === 'POST' &&
            (action === 'accept-solicrec' || action === 'reject-solicrec')
          ) {
            await psp.answerSolicRec(txid, action === 'accept-solicrec' ? 'aceitar' : 'rejeitar');
            return reply(200, { ok: true });
          }
          if (request.method === 'POST' && action === 'settle-cobr')
            return reply(200, await psp.settleCobr(txid));
          if (request.method === 'POST' && action === 'fail-cobr') {
            await psp.failCobr(txid);
            return reply(200, { ok: true });
          }
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
