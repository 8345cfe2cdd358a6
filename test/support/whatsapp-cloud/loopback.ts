import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CloudApiSchema, cloudApiViolationsOf } from './standard';

/**
 * A loopback WhatsApp Cloud API (Graph API v23) on node:http, for the integration tests and
 * `npm run dev`: POST /v23.0/{phone-number-id}/messages, GET|POST /v23.0/{waba-id}/message_templates
 * and GET /v23.0/{phone-number-id}. Every request body Vira sends, every answer it gives and every
 * webhook it posts is checked against Meta's own document (schemas.yaml): a request that breaks it
 * is recorded in `violations` and answered 400, so a test fails on it. Tests drive it as Meta
 * would: deliver, read, fail a message (131026, 131047), limit the rate (130429, HTTP 429),
 * approve or reject a template, reply with a quick-reply button or text; each webhook is signed
 * with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret).
 */

export const GRAPH_VERSION = 'v23.0';

/** A WhatsApp Business account as the loopback knows it: its number, its WABA, its token. */
export interface LoopbackAccount {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  displayPhoneNumber: string;
  /** The token lacks whatsapp_business_messaging / management (Meta's code 10 / 200). */
  withoutPermission?: boolean;
}

export interface LoopbackTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  body: Record<string, unknown>;
}

/** A message the loopback accepted. */
export interface LoopbackMessage {
  wamid: string;
  phoneNumberId: string;
  to: string;
  body: Record<string, unknown>;
  /** When it was accepted (Date.now()). */
  at: number;
}

export interface WebhookDelivery {
  rawBody: string;
  headers: Record<string, string>;
}

/** How a webhook reaches Vira: its answer's status. */
export type WebhookSender = (delivery: WebhookDelivery) => Promise<number>;

interface GraphError {
  status: number;
  code: number;
  message: string;
  type?: string;
  subcode?: number;
}

export const signWebhook = (appSecret: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

export class LoopbackCloudApi {
  readonly accounts: LoopbackAccount[] = [];
  readonly templates: LoopbackTemplate[] = [];
  readonly messages: LoopbackMessage[] = [];
  /** Every breach of Meta's document seen, in requests, answers and webhooks. */
  readonly violations: string[] = [];
  /** Every request, in order: method and path (what the rate and retries are read from). */
  readonly requests: { method: string; path: string; status: number }[] = [];
  /** Webhooks posted and the status Vira answered. */
  readonly webhooks: { body: unknown; status: number }[] = [];
  private readonly failures: { to?: string; error: GraphError }[] = [];
  private server?: Server;
  private webhookSender?: WebhookSender;

  constructor(
    private readonly options: {
      appSecret: string;
      /** Templates are approved as soon as they are created (npm run dev). */
      autoApprove?: boolean;
    },
  ) {}

  /** Starts listening on 127.0.0.1 (a free port unless told). */
  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => {
        this.violations.push(`erro do loopback: ${String(error)}`);
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return this;
  }

  /** The Graph API base URL to configure Vira with (WHATSAPP_GRAPH_URL). */
  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('loopback não iniciado');
    return `http://127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** Where webhooks go: a function (app.inject in tests) or a URL (npm run dev). */
  sendWebhooksTo(target: WebhookSender | string): void {
    this.webhookSender =
      typeof target === 'string'
        ? async ({ rawBody, headers }) =>
            (await fetch(target, { method: 'POST', body: rawBody, headers })).status
        : target;
  }

  account(overrides: Partial<LoopbackAccount> = {}): LoopbackAccount {
    const n = this.accounts.length + 1;
    const account: LoopbackAccount = {
      phoneNumberId: String(1_090_000_000_000_000 + n * 7),
      wabaId: String(2_090_000_000_000_000 + n * 7),
      accessToken: `EAAG${randomUUID().replace(/-/g, '')}`,
      displayPhoneNumber: `55119${String(40_000_000 + n).padStart(8, '0')}`,
      ...overrides,
    };
    this.accounts.push(account);
    return account;
  }

  /** The next send (to `to`, or any) is refused with Meta's error. */
  failNextSend(error: { code: number; status?: number; message?: string; to?: string }): void {
    this.failures.push({
      to: error.to,
      error: {
        status: error.status ?? (error.code === 130429 ? 429 : 400),
        code: error.code,
        message: error.message ?? messageOfCode(error.code),
      },
    });
  }

  messagesTo(to: string): LoopbackMessage[] {
    return this.messages.filter((message) => message.to === to);
  }

  templatesOf(wabaId: string): LoopbackTemplate[] {
    return this.templates.filter((template) => template.wabaId === wabaId);
  }

  // ---- what Meta tells the business, as webhooks --------------------------------------------

  /** A status of a message: 'sent', 'delivered', 'read', or 'failed' with Meta's error code. */
  status(wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', code?: number) {
    const message = this.messageOf(wamid);
    const account = this.accountOfNumber(message.phoneNumberId);
    return this.postWebhook(account, 'messages', {
      messaging_product: 'whatsapp',
      metadata: this.metadataOf(account),
      statuses: [
        {
          id: wamid,
          status,
          timestamp: nowSeconds(),
          recipient_id: message.to,
          ...(status === 'failed' && {
            errors: [
              {
                code: code ?? 131026,
                title: messageOfCode(code ?? 131026),
                message: messageOfCode(code ?? 131026),
                error_data: { details: messageOfCode(code ?? 131026) },
              },
            ],
          }),
        },
      ],
    });
  }

  deliver = (wamid: string) => this.status(wamid, 'delivered');
  read = (wamid: string) => this.status(wamid, 'read');
  fail = (wamid: string, code: number) => this.status(wamid, 'failed', code);

  /** The student taps a quick-reply button of a template message. */
  replyWithButton(wamid: string, text: string, payload = text) {
    const message = this.messageOf(wamid);
    const account = this.accountOfNumber(message.phoneNumberId);
    return this.postWebhook(account, 'messages', {
      messaging_product: 'whatsapp',
      metadata: this.metadataOf(account),
      contacts: [{ profile: { name: 'Aluno' }, wa_id: message.to }],
      messages: [
        {
          ...this.inboundBase(account, message.to),
          type: 'button',
          context: { from: account.displayPhoneNumber, id: wamid },
          button: { payload, text },
        },
      ],
    });
  }

  /** The person writes to the business's number (e.g. 'PARAR'). */
  text(phoneNumberId: string, from: string, body: string) {
    const account = this.accountOfNumber(phoneNumberId);
    return this.postWebhook(account, 'messages', {
      messaging_product: 'whatsapp',
      metadata: this.metadataOf(account),
      contacts: [{ profile: { name: 'Aluno' }, wa_id: from }],
      messages: [{ ...this.inboundBase(account, from), type: 'text', text: { body } }],
    });
  }

  approve = (wabaId: string, name: string) => this.review(wabaId, name, 'APPROVED');
  reject = (wabaId: string, name: string, reason = 'INVALID_FORMAT') =>
    this.review(wabaId, name, 'REJECTED', reason);

  /** Approves every template of the WABA still pending. */
  async approveAll(wabaId: string): Promise<void> {
    for (const template of this.templatesOf(wabaId))
      if (template.status === 'PENDING') await this.approve(wabaId, template.name);
  }

  private async review(
    wabaId: string,
    name: string,
    status: 'APPROVED' | 'REJECTED',
    reason?: string,
  ) {
    const template = this.templates.find((each) => each.wabaId === wabaId && each.name === name);
    if (!template) throw new Error(`modelo ${name} não existe na WABA ${wabaId}`);
    template.status = status;
    const account = this.accounts.find((each) => each.wabaId === wabaId);
    if (!account) throw new Error(`WABA ${wabaId} desconhecida`);
    return this.postWebhook(account, 'message_template_status_update', {
      event: status,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: reason ?? null,
    });
  }

  /**
   * Posts a webhook of the account's WABA (checked against the document), signed with the app
   * secret, or with `forgedWith` (a forged signature); answers Vira's status.
   */
  async postWebhook(
    account: LoopbackAccount,
    field: string,
    value: Record<string, unknown>,
    forgedWith?: string,
  ): Promise<number> {
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ id: account.wabaId, changes: [{ field, value }] }],
    };
    return this.postRaw(JSON.stringify(body), forgedWith);
  }

  /** Posts a webhook body as given (a replay posts the same text again). */
  async postRaw(rawBody: string, forgedWith?: string): Promise<number> {
    const body: unknown = JSON.parse(rawBody);
    this.check('WebhookPayload', body, 'webhook');
    if (!this.webhookSender) throw new Error('sendWebhooksTo não chamado');
    const status = await this.webhookSender({
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWebhook(forgedWith ?? this.options.appSecret, rawBody),
      },
    });
    this.webhooks.push({ body, status });
    return status;
  }

  // ---- the Graph API ------------------------------------------------------------------------

  /**
   * What a person or Meta does, driven over HTTP under /_loopback (npm run dev): GET messages,
   * violations; POST deliver/{wamid}, read/{wamid}, fail/{wamid}?code=, reply/{wamid}?text=,
   * text/{phone-number-id}/{from}?body=, approve/{waba-id}/{name}, reject/{waba-id}/{name}.
   */
  private async control(url: URL, method: string, response: ServerResponse): Promise<void> {
    const [, action, first, second] = url.pathname.split('/').filter(Boolean);
    const reply = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    try {
      if (method === 'GET' && action === 'messages') return reply(200, this.messages);
      if (method === 'GET' && action === 'violations') return reply(200, this.violations);
      if (method !== 'POST') return reply(404, { error: 'desconhecido' });
      const query = (name: string) => url.searchParams.get(name) ?? '';
      const status = await (() => {
        switch (action) {
          case 'deliver':
            return this.deliver(first);
          case 'read':
            return this.read(first);
          case 'fail':
            return this.fail(first, Number(query('code') || 131026));
          case 'reply':
            return this.replyWithButton(first, query('text') || 'Confirmo');
          case 'text':
            return this.text(first, second, query('body') || 'PARAR');
          case 'approve':
            return this.approve(first, second);
          case 'reject':
            return this.reject(first, second);
          default:
            return undefined;
        }
      })();
      if (status === undefined) return reply(404, { error: 'desconhecido' });
      return reply(200, { webhook: status });
    } catch (error) {
      return reply(409, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://loopback');
    const parts = url.pathname.split('/').filter(Boolean);
    const method = request.method ?? 'GET';
    if (parts[0] === '_loopback') return this.control(url, method, response);
    const raw = await readBody(request);
    const answer = (status: number, body: unknown, schema?: CloudApiSchema) => {
      if (schema) this.check(schema, body, `resposta de ${method} ${url.pathname}`);
      this.requests.push({ method, path: url.pathname, status });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const graphError = (error: GraphError) =>
      answer(
        error.status,
        {
          error: {
            message: error.message,
            type: error.type ?? 'OAuthException',
            code: error.code,
            ...(error.subcode !== undefined && { error_subcode: error.subcode }),
            fbtrace_id: randomUUID().slice(0, 20),
          },
        },
        'GraphAPIError',
      );
    if (parts[0] !== GRAPH_VERSION || parts.length < 2 || parts.length > 3)
      return graphError({ status: 404, code: 100, message: 'Unknown path components' });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const caller = this.accounts.find((account) => account.accessToken === token);
    if (!caller)
      return graphError({
        status: 401,
        code: 190,
        message: 'Invalid OAuth access token - Cannot parse access token',
      });
    const [, objectId, edge] = parts;
    const byNumber = this.accounts.find(
      (account) => account.phoneNumberId === objectId && account.accessToken === token,
    );
    const byWaba = this.accounts.find(
      (account) => account.wabaId === objectId && account.accessToken === token,
    );
    const missing = () =>
      graphError({
        status: 400,
        code: 100,
        subcode: 33,
        type: 'GraphMethodException',
        message: `Unsupported ${method.toLowerCase()} request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      });
    const denied = () =>
      graphError({
        status: 403,
        code: 10,
        message: '(#10) Application does not have permission for this action',
      });
    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        this.violations.push(`${method} ${url.pathname}: corpo não é JSON`);
        return graphError({ status: 400, code: 100, message: 'Invalid JSON' });
      }
    }

    if (!edge && method === 'GET') {
      if (!byNumber) return missing();
      if (byNumber.withoutPermission) return denied();
      return answer(
        200,
        {
          id: byNumber.phoneNumberId,
          display_phone_number: byNumber.displayPhoneNumber,
          verified_name: 'Vira',
          quality_rating: 'GREEN',
          code_verification_status: 'VERIFIED',
          name_status: 'APPROVED',
        },
        'PhoneNumberInfo',
      );
    }
    if (edge === 'messages' && method === 'POST') {
      if (!this.valid('Message', body, `${method} ${url.pathname}`))
        return graphError({ status: 400, code: 100, message: '(#100) Invalid parameter' });
      if (!byNumber) return missing();
      if (byNumber.withoutPermission) return denied();
      const message = body as {
        to: string;
        type: string;
        template?: { name: string; language: { code: string } };
      };
      const failure = this.failures.findIndex((each) => !each.to || each.to === message.to);
      if (failure >= 0) {
        const [{ error }] = this.failures.splice(failure, 1);
        return graphError(error);
      }
      if (message.type === 'template') {
        const template = this.templates.find(
          (each) =>
            each.wabaId === byNumber.wabaId &&
            each.name === message.template?.name &&
            each.language === message.template.language.code,
        );
        if (template?.status !== 'APPROVED')
          return graphError({
            status: 404,
            code: 132001,
            message: '(#132001) Template name does not exist in the translation',
          });
      }
      const wamid = `wamid.${Buffer.from(randomUUID()).toString('base64url')}`;
      this.messages.push({
        wamid,
        phoneNumberId: byNumber.phoneNumberId,
        to: message.to,
        body: body as Record<string, unknown>,
        at: Date.now(),
      });
      return answer(
        200,
        {
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to }],
          messages: [{ id: wamid, message_status: 'accepted' }],
        },
        'MessageResponsePayload',
      );
    }
    if (edge === 'message_templates') {
      if (!byWaba) return missing();
      if (byWaba.withoutPermission) return denied();
      if (method === 'GET')
        return answer(
          200,
          {
            data: this.templatesOf(byWaba.wabaId).map(
              ({ id, name, language, category, status, body: sent }) => ({
                id,
                name,
                language,
                category,
                status,
                components: sent.components,
              }),
            ),
          },
          'MessageTemplateList',
        );
      if (method === 'POST') {
        if (!this.valid('MessageTemplateCreate', body, `${method} ${url.pathname}`))
          return graphError({ status: 400, code: 100, message: '(#100) Invalid parameter' });
        const wanted = body as { name: string; language: string; category: string };
        if (
          this.templatesOf(byWaba.wabaId).some(
            (each) => each.name === wanted.name && each.language === wanted.language,
          )
        )
          return graphError({
            status: 400,
            code: 100,
            subcode: 2388024,
            message: 'Message template already exists with this name and language',
          });
        const template: LoopbackTemplate = {
          id: String(3_000_000_000_000 + this.templates.length + 1),
          wabaId: byWaba.wabaId,
          name: wanted.name,
          language: wanted.language,
          category: wanted.category,
          status: this.options.autoApprove ? 'APPROVED' : 'PENDING',
          body: body as Record<string, unknown>,
        };
        this.templates.push(template);
        return answer(
          200,
          { id: template.id, status: template.status, category: template.category },
          'MessageTemplateCreated',
        );
      }
    }
    return graphError({ status: 400, code: 100, message: 'Unsupported request' });
  }

  private valid(schema: CloudApiSchema, value: unknown, where: string): boolean {
    const found = cloudApiViolationsOf(schema, value);
    for (const violation of found) this.violations.push(`${where}: ${violation}`);
    return found.length === 0;
  }

  private check(schema: CloudApiSchema, value: unknown, where: string): void {
    this.valid(schema, value, where);
  }

  private messageOf(wamid: string): LoopbackMessage {
    const message = this.messages.find((each) => each.wamid === wamid);
    if (!message) throw new Error(`mensagem ${wamid} desconhecida`);
    return message;
  }

  private accountOfNumber(phoneNumberId: string): LoopbackAccount {
    const account = this.accounts.find((each) => each.phoneNumberId === phoneNumberId);
    if (!account) throw new Error(`número ${phoneNumberId} desconhecido`);
    return account;
  }

  private metadataOf(account: LoopbackAccount) {
    return {
      display_phone_number: account.displayPhoneNumber,
      phone_number_id: account.phoneNumberId,
    };
  }

  /** What Meta's document requires of every inbound message (BaseMessageProperties and more). */
  private inboundBase(account: LoopbackAccount, from: string) {
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: account.displayPhoneNumber,
      from,
      id: `wamid.${Buffer.from(randomUUID()).toString('base64url')}`,
      timestamp: nowSeconds(),
    };
  }
}

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

function messageOfCode(code: number): string {
  switch (code) {
    case 130429:
      return 'Rate limit hit';
    case 131026:
      return 'Message undeliverable';
    case 131047:
      return 'Re-engagement message';
    case 131009:
      return 'Parameter value is not valid';
    default:
      return 'Error';
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * `npm run dev`: the loopback on PORT with the platform's number ('Número do Vira') of the
 * development settings below (templates approved at once), posting webhooks to WEBHOOK_URL.
 */
export const DEV_WHATSAPP = {
  appSecret: 'segredo-do-app-whatsapp-de-desenvolvimento',
  verifyToken: 'token-de-verificacao-de-desenvolvimento',
  phoneNumberId: '109000000000001',
  wabaId: '209000000000001',
  accessToken: 'EAAGdesenvolvimentoVIRAloopbackCloudApi',
  displayPhoneNumber: '5511940000001',
};

if (require.main === module) {
  void (async () => {
    const cloud = new LoopbackCloudApi({ appSecret: DEV_WHATSAPP.appSecret, autoApprove: true });
    const { appSecret: _secret, verifyToken: _token, ...account } = DEV_WHATSAPP;
    cloud.account(account);
    const port = Number(process.env.PORT ?? 0);
    cloud.sendWebhooksTo(process.env.WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/webhooks/whatsapp');
    await cloud.start(port);
    process.stdout.write(`READY ${cloud.url} (controle em ${cloud.url}/_loopback)\n`);
  })();
}
