/** What every failure answers: `{ statusCode, code, message }`, the message in pt-BR. */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

/** Messages for failures that are not domain decisions, keyed by HTTP status (pt-BR). */
export const HTTP_ERROR_MESSAGES: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'Requisição inválida.' },
  401: { code: 'unauthorized', message: 'Usuário não autenticado' },
  403: { code: 'forbidden', message: 'Acesso negado' },
  404: { code: 'not_found', message: 'Recurso não encontrado' },
  405: { code: 'method_not_allowed', message: 'Método não permitido' },
  409: {
    code: 'conflict',
    message: 'O registro foi alterado por outra operação. Tente novamente.',
  },
  413: { code: 'payload_too_large', message: 'O corpo da requisição é grande demais.' },
  414: { code: 'uri_too_long', message: 'O endereço da requisição é longo demais.' },
  415: { code: 'unsupported_media_type', message: 'Envie o corpo como JSON (application/json).' },
  429: { code: 'rate_limited', message: 'Muitas tentativas. Tente novamente em instantes.' },
  500: { code: 'internal_error', message: 'Ocorreu um erro inesperado.' },
  503: {
    code: 'service_unavailable',
    message: 'Serviço indisponível. Tente novamente em instantes.',
  },
};

export function messageForStatus(status: number): { code: string; message: string } {
  return (
    HTTP_ERROR_MESSAGES[status] ??
    (status >= 500 ? HTTP_ERROR_MESSAGES[500] : HTTP_ERROR_MESSAGES[400])
  );
}
