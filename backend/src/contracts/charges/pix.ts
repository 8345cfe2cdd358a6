import { z } from 'zod';
import { cnpjCharacters, isValidCnpj, isValidCpf } from '../shared/br-documents';
import { centavosFromNumeric, numericFromCentavos } from '../shared/money';

/**
 * PIX as the Banco Central's "Manual de Padrões para Iniciação do Pix" defines it: the receiver's
 * key and the static BR Code (an EMV merchant-presented payload) a payer's bank app reads from a QR
 * code or from "Pix Copia e Cola". Pure functions, one copy for the API and the SPA.
 */

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  telefone: 'Telefone',
  aleatoria: 'Chave aleatória',
};

/** The standard's bounds: merchant name up to 25 characters, city up to 15, e-mail key up to 77. */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
const EMAIL_KEY_MAX = 77;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A key as typed (masked or not) in the form the DICT registers it: CPF digits, a CNPJ's letters
 * and digits in upper case (alphanumeric ones too, '12.abc.345/01de-35'), e-mail in lower case, phone as +55DDNNNNNNNNN, random key in lower case; undefined when it is none of them.
 */
export function normalizePixKey(input: string): { type: PixKeyType; key: string } | undefined {
  const value = input.trim();
  const lower = value.toLowerCase();
  if (RANDOM_KEY.test(lower)) return { type: 'aleatoria', key: lower };
  if (value.includes('@')) {
    return EMAIL.test(lower) && lower.length <= EMAIL_KEY_MAX
      ? { type: 'email', key: lower }
      : undefined;
  }
  const digits = value.replace(/\D/g, '');
  // "+55..." or a number with an area code and 8 or 9 digits is a phone; plain 11 digits may be a
  // CPF: a valid CPF wins, as the banks' apps decide it.
  if (value.startsWith('+')) {
    return /^55\d{10,11}$/.test(digits) ? { type: 'telefone', key: `+${digits}` } : undefined;
  }
  if (digits.length === 11 && isValidCpf(digits) && !/[()]/.test(value))
    return { type: 'cpf', key: digits };
  if (/^[\dA-Za-z./\s-]+$/.test(value) && isValidCnpj(value))
    return { type: 'cnpj', key: cnpjCharacters(value) };
  if (/^\d{10,11}$/.test(digits) && /^[\d\s()+-]+$/.test(value))
    return { type: 'telefone', key: `+55${digits}` };
  return undefined;
}

/** Letters without accents, digits, spaces and a few signs: what the standard's name and city accept. */
export function pixText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,'&-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** How charges are made and confirmed: by hand with the static BR Code, or through a PSP's API Pix. */
export const PIX_PROVIDERS = ['manual', 'api-pix'] as const;
export type PixProvider = (typeof PIX_PROVIDERS)[number];
export const PIX_PROVIDER_LABELS: Record<PixProvider, string> = {
  manual: 'Manual (QR estático e Marcar como pago)',
  'api-pix': 'API Pix do meu banco ou PSP',
};

/** The kinds of account a recurring charge is paid into (the standard's tipoConta). */
export const CONTA_TIPOS = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;
export type ContaTipo = (typeof CONTA_TIPOS)[number];
export const CONTA_TIPO_LABELS: Record<ContaTipo, string> = {
  CORRENTE: 'Conta corrente',
  POUPANCA: 'Poupança',
  PAGAMENTO: 'Conta de pagamento',
};

const pem = (label: string, kind: RegExp) =>
  z
    .string(`${label} inválido`)
    .trim()
    .max(20_000, `${label} muito longo`)
    .refine((value) => kind.test(value), `${label}: cole o conteúdo PEM (-----BEGIN ...)`)
    .optional();

export const pixSettingsSchema = z
  .strictObject({
    chave: z
      .string('Chave PIX inválida')
      .trim()
      .min(1, 'Informe a chave PIX')
      .max(100, 'Chave PIX inválida')
      .refine(
        (value) => normalizePixKey(value) !== undefined,
        'Chave PIX inválida: use CPF, CNPJ, e-mail, telefone com DDD ou chave aleatória',
      ),
    nomeRecebedor: z
      .string('Nome do recebedor inválido')
      .trim()
      .min(1, 'Informe o nome do recebedor')
      .max(100, 'Nome do recebedor deve ter no máximo 100 caracteres')
      .refine(
        (value) => pixText(value, PIX_NAME_MAX).length > 0,
        'Nome do recebedor deve ter letras ou números',
      ),
    cidade: z
      .string('Cidade inválida')
      .trim()
      .min(1, 'Informe a cidade')
      .max(100, 'Cidade deve ter no máximo 100 caracteres')
      .refine((value) => pixText(value, PIX_CITY_MAX).length > 0, 'Cidade deve ter letras'),
    provedor: z
      .enum(PIX_PROVIDERS, "Provedor inválido (use 'manual' ou 'api-pix')")
      .default('manual'),
    /** The PSP's API Pix base URL (https://.../api/v2); its OAuth2 token is at /oauth/token. */
    baseUrl: z
      .string('URL da API Pix inválida')
      .trim()
      .max(300, 'URL da API Pix inválida')
      .refine(
        (value) => /^https:\/\/[^\s/]+(\/\S*)?$/.test(value),
        'URL da API Pix inválida: use https://...',
      )
      .optional(),
    clientId: z
      .string('Client ID inválido')
      .trim()
      .min(1, 'Informe o client ID')
      .max(200)
      .optional(),
    /** Write-only: kept sealed; left out, the one saved before stays. */
    clientSecret: z
      .string('Client secret inválido')
      .min(1, 'Informe o client secret')
      .max(500, 'Client secret inválido')
      .optional(),
    certificadoPem: pem('Certificado', /-----BEGIN CERTIFICATE-----/),
    chavePem: pem('Chave privada', /-----BEGIN [A-Z ]*PRIVATE KEY-----/),
    /** The PSP offers Pix Automático (recurrences): monthly plans are charged through it. */
    pixAutomatico: z.boolean('Pix Automático inválido (use true ou false)').optional(),
    /** The account recurring charges are paid into (the standard's cobr names it). */
    agencia: z
      .string('Agência inválida')
      .trim()
      .refine((value) => /^\d{1,4}$/.test(value), 'Agência inválida: até 4 dígitos')
      .optional(),
    conta: z
      .string('Conta inválida')
      .trim()
      .refine((value) => /^[\dXx-]{1,20}$/.test(value), 'Conta inválida: use só números e o dígito')
      .optional(),
    tipoConta: z
      .enum(CONTA_TIPOS, "Tipo de conta inválido (use 'CORRENTE', 'POUPANCA' ou 'PAGAMENTO')")
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.provedor !== 'api-pix') return;
    if (value.pixAutomatico && !value.conta)
      context.addIssue({
        code: 'custom',
        path: ['conta'],
        message: 'Informe a conta que recebe o Pix Automático',
      });
    if (!value.baseUrl)
      context.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message: 'Informe a URL da API Pix do PSP',
      });
    if (!value.clientId)
      context.addIssue({ code: 'custom', path: ['clientId'], message: 'Informe o client ID' });
  });
export type PixSettingsInput = z.input<typeof pixSettingsSchema>;
export type PixSettingsBody = z.output<typeof pixSettingsSchema>;

/**
 * 'Testar conexão': the form's values as they are, each left out to use the saved one (the
 * secrets are write-only); a field sent blank is refused, as when saving.
 */
export const testPixConnectionSchema = z.strictObject(
  {
    chave: z.string('Chave PIX inválida').trim().min(1, 'Informe a chave PIX').max(100).optional(),
    baseUrl: z
      .string('URL da API Pix inválida')
      .trim()
      .max(300, 'URL da API Pix inválida')
      .refine(
        (value) => /^https?:\/\/\S+$/.test(value),
        'URL da API Pix inválida: use https://...',
      )
      .optional(),
    clientId: z.string('Client ID inválido').trim().min(1, 'Informe o client ID').max(200).optional(),
    clientSecret: z
      .string('Client secret inválido')
      .min(1, 'Informe o client secret')
      .max(500)
      .optional(),
    certificadoPem: pem('Certificado', /-----BEGIN CERTIFICATE-----/),
    chavePem: pem('Chave privada', /-----BEGIN [A-Z ]*PRIVATE KEY-----/),
  },
  // Not an object at all (null, a list): the body as a whole is wrong; other issues name their field.
  { error: (issue) => (issue.code === 'invalid_type' ? 'Corpo da requisição inválido' : undefined) },
);

/** The settings as stored: the key normalized, name and city as the BR Code carries them. */
export interface PixSettings {
  chave: string;
  tipoChave: PixKeyType;
  nomeRecebedor: string;
  cidade: string;
  /** Absent in settings saved before providers existed: manual. */
  provedor?: PixProvider;
  /**
   * With api-pix: where the PSP's API Pix is and the OAuth2 client (its secret is not here); with
   * `pixAutomatico`, the PSP offers Pix Automático and recurring charges are paid into that account.
   */
  apiPix?: {
    baseUrl: string;
    clientId: string;
    pixAutomatico?: { agencia?: string; conta: string; tipoConta: ContaTipo };
  };
}

export function pixSettingsFrom(input: PixSettingsBody): PixSettings {
  const key = normalizePixKey(input.chave);
  if (!key) throw new Error('chave PIX inválida');
  return {
    chave: key.key,
    tipoChave: key.type,
    nomeRecebedor: pixText(input.nomeRecebedor, PIX_NAME_MAX).toUpperCase(),
    cidade: pixText(input.cidade, PIX_CITY_MAX).toUpperCase(),
    provedor: input.provedor,
    ...(input.provedor === 'api-pix' && input.baseUrl && input.clientId
      ? {
          apiPix: {
            baseUrl: input.baseUrl.replace(/\/+$/, ''),
            clientId: input.clientId,
            ...(input.pixAutomatico && input.conta
              ? {
                  pixAutomatico: {
                    ...(input.agencia ? { agencia: input.agencia } : {}),
                    conta: input.conta,
                    tipoConta: input.tipoConta ?? 'CORRENTE',
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}

/** A static BR Code's content. */
export interface BrCode {
  chave: string;
  nomeRecebedor: string;
  cidade: string;
  /** Centavos; absent lets the payer type the amount. */
  valorCentavos?: number;
  /** Up to 25 letters and digits; '***' when none. */
  txid: string;
  /** Shown to the payer (tag 26.02). */
  descricao?: string;
}

export const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

const field = (id: string, value: string): string => {
  if (value.length > 99) throw new Error(`campo ${id} com mais de 99 caracteres`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The "Pix Copia e Cola" text of a static BR Code. */
export function buildBrCode(code: BrCode): string {
  if (code.txid !== '***' && !TXID_PATTERN.test(code.txid)) throw new Error('txid inválido');
  const account =
    field('00', 'br.gov.bcb.pix') +
    field('01', code.chave) +
    (code.descricao ? field('02', pixText(code.descricao, 40)) : '');
  const amount =
    code.valorCentavos === undefined ? '' : field('54', numericFromCentavos(code.valorCentavos));
  const payload =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', pixText(code.nomeRecebedor, PIX_NAME_MAX)) +
    field('60', pixText(code.cidade, PIX_CITY_MAX)) +
    field('62', field('05', code.txid)) +
    '6304';
  return payload + crc16(payload);
}

/** The top-level fields of an EMV payload, in order; nested templates stay as text. */
function readFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length)
      throw new Error(`campo malformado na posição ${at}`);
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Reads a static BR Code back, checking its structure and checksum. */
export function parseBrCode(payload: string): BrCode {
  const fields = readFields(payload);
  const crc = fields.get('63');
  if (!crc || !payload.endsWith(`6304${crc}`)) throw new Error('CRC ausente');
  if (crc16(payload.slice(0, -4)) !== crc.toUpperCase()) throw new Error('CRC não confere');
  if (fields.get('00') !== '01') throw new Error('formato de payload desconhecido');
  const account = readFields(fields.get('26') ?? '');
  if (account.get('00')?.toLowerCase() !== 'br.gov.bcb.pix') throw new Error('não é um código PIX');
  const chave = account.get('01');
  if (!chave) throw new Error('chave ausente');
  const amount = fields.get('54');
  const additional = readFields(fields.get('62') ?? '');
  return {
    chave,
    nomeRecebedor: fields.get('59') ?? '',
    cidade: fields.get('60') ?? '',
    ...(amount === undefined ? {} : { valorCentavos: centavosFromNumeric(amount) }),
    txid: additional.get('05') ?? '***',
    ...(account.has('02') ? { descricao: account.get('02') } : {}),
  };
}
