/**
 * The Cloud API (Graph API v23) as Vira calls it: a phone number, a WABA's templates, a message.
 * Errors keep Meta's code (190 token, 100/33 an id the token cannot see, 10/200 permissions,
 * 130429 throughput, 131026 undeliverable...), status 0 when Meta did not answer.
 */
export const GRAPH_VERSION = 'v23.0';
const TIMEOUT_MS = 10_000;

export class CloudApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly subcode?: number,
  ) {
    super(message);
    this.name = 'CloudApiError';
  }

  /** Meta asks to slow down: 429, or its throughput code 130429 (and 80007, 131056). */
  get rateLimited(): boolean {
    return this.status === 429 || [130429, 131056, 80007, 4].includes(this.code);
  }

  /** Worth asking again later (rate, 5xx, no answer). */
  get retryable(): boolean {
    return this.rateLimited || this.status === 0 || this.status >= 500;
  }
}

export interface CloudTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
}

export class WhatsAppCloudClient {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/$/, '')}/${GRAPH_VERSION}/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.accessToken}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CloudApiError(0, 0, `sem resposta da Cloud API: ${String(error)}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new CloudApiError(response.status, 0, 'resposta da Cloud API não é JSON');
    }
    if (!response.ok) {
      const error = (
        json as { error?: { code?: number; message?: string; error_subcode?: number } }
      ).error;
      throw new CloudApiError(
        response.status,
        error?.code ?? 0,
        error?.message ?? `HTTP ${response.status}`,
        error?.error_subcode,
      );
    }
    return json as T;
  }

  phoneNumber(phoneNumberId: string) {
    return this.call<{ id: string; display_phone_number?: string; verified_name?: string }>(
      'GET',
      encodeURIComponent(phoneNumberId),
    );
  }

  async templates(wabaId: string): Promise<CloudTemplate[]> {
    const answer = await this.call<{ data?: CloudTemplate[] }>(
      'GET',
      `${encodeURIComponent(wabaId)}/message_templates?limit=200`,
    );
    return answer.data ?? [];
  }

  createTemplate(wabaId: string, template: unknown) {
    return this.call<{ id: string; status: string }>(
      'POST',
      `${encodeURIComponent(wabaId)}/message_templates`,
      template,
    );
  }

  /** Sends a message; answers its id (wamid). */
  async send(phoneNumberId: string, message: unknown): Promise<string> {
    const answer = await this.call<{ messages?: { id: string }[] }>(
      'POST',
      `${encodeURIComponent(phoneNumberId)}/messages`,
      message,
    );
    const wamid = answer.messages?.[0]?.id;
    if (!wamid) throw new CloudApiError(200, 0, 'a Cloud API não devolveu o id da mensagem');
    return wamid;
  }
}

/** What failed, in pt-BR, for 'Testar conexão' and a failed connection. */
export function connectionProblemOf(error: unknown, where: 'numero' | 'waba'): string {
  if (!(error instanceof CloudApiError)) return 'Não foi possível testar a conexão com o WhatsApp';
  if (error.status === 0 || error.status >= 500)
    return 'A API do WhatsApp não respondeu agora: tente de novo em instantes';
  if (error.code === 190 || error.status === 401)
    return 'Token de acesso inválido ou expirado: gere um novo token no Meta Business Suite';
  if (error.code === 10 || error.code === 200 || error.status === 403)
    return 'O token não tem as permissões whatsapp_business_messaging e whatsapp_business_management';
  if (error.code === 100)
    return where === 'numero'
      ? 'Número não encontrado: confira o ID do número de telefone e se o token tem acesso a ele'
      : 'Conta do WhatsApp Business (WABA) não encontrada: confira o ID da WABA e se o token tem acesso a ela';
  if (error.rateLimited) return 'A API do WhatsApp pediu para esperar: tente de novo em instantes';
  return `A API do WhatsApp recusou a conexão (código ${error.code})`;
}
