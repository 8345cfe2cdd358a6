import { z } from 'zod';
import { isValidCpf, phoneSchema } from '../shared/br-documents';
import { booleanQuery, commandAnswerSchema, fileAnswer, listOf, routes } from '../shared/routes';
import { whatsAppOptInField } from '../shared/whatsapp-opt-in';

/**
 * Contracts and terms (spec 001 §2, §3, §5, §8): shapes of the /api/contracts and
 * /api/student/contracts routes and the rules both the API and the SPA apply. The bounded context
 * is `agreements/` (`contracts/` is the folder of what the API and the SPA share).
 */

export const CONTRACT_TYPES = ['termo_personal', 'termo_aluno'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  termo_personal: 'Termo do Personal',
  termo_aluno: 'Termo do Aluno',
};

/** §8, verbatim. */
export const CONTRACT_MESSAGES = {
  loadError: 'Erro ao carregar contratos',
  createError: 'Erro ao criar contrato',
  updateError: 'Erro ao atualizar contrato',
  signError: 'Erro ao assinar contrato',
  created: 'Contrato criado com sucesso',
  updated: 'Contrato atualizado com sucesso',
  signed: 'Contrato assinado com sucesso',
  unauthenticated: 'Usuário não autenticado',
} as const;

export const CONTRACT_STATUS_LABELS = {
  pendente: 'Aguardando Assinatura',
  assinado: 'Assinado',
} as const;
export type StudentContractStatus = keyof typeof CONTRACT_STATUS_LABELS;

export const ALREADY_SIGNED = {
  code: 'already_signed',
  message: 'Você já assinou este contrato',
} as const;

export const MAX_CONTRACT_CHARS = 50_000;

const titulo = z
  .string('Título é obrigatório')
  .trim()
  .min(1, 'Título é obrigatório')
  .max(200, 'Título deve ter no máximo 200 caracteres');
const conteudo = z
  .string('Conteúdo é obrigatório')
  .trim()
  .min(1, 'Conteúdo é obrigatório')
  .max(MAX_CONTRACT_CHARS, `Conteúdo deve ter no máximo ${MAX_CONTRACT_CHARS} caracteres`);
const tipo = z.enum(CONTRACT_TYPES, 'Tipo inválido: termo_personal ou termo_aluno');

export const createContractSchema = z.strictObject({
  titulo,
  conteudo,
  tipo: tipo.default('termo_personal'),
});
export type CreateContractInput = z.input<typeof createContractSchema>;
export type ContractTerms = z.output<typeof createContractSchema>;

export const updateContractSchema = z
  .strictObject({
    titulo: titulo.optional(),
    conteudo: conteudo.optional(),
    tipo: tipo.optional(),
    isActive: z.literal(false, 'isActive: um contrato desativado não volta a ser ativo').optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Informe ao menos um campo para alterar');
export type UpdateContractInput = z.infer<typeof updateContractSchema>;

/** The fields the contract form fills (spec §5): titulo and conteudo required, tipo termo_personal. */
export const contractFormSchema = createContractSchema;

/** The fields filled at signing, as they appear in a contract's text. */
export const CONTRACT_PLACEHOLDERS = ['nome', 'cpf', 'telefone', 'data', 'personal'] as const;
export type ContractPlaceholder = (typeof CONTRACT_PLACEHOLDERS)[number];
export const CONTRACT_PLACEHOLDER_LABELS: Record<ContractPlaceholder, string> = {
  nome: 'nome do aluno',
  cpf: 'CPF do aluno',
  telefone: 'telefone do aluno',
  data: 'data da assinatura',
  personal: 'nome do personal',
};

/**
 * The contract's text with `{{nome}}`, `{{cpf}}`, `{{telefone}}`, `{{data}}` and `{{personal}}`
 * (spaces inside the braces allowed) replaced by `values`; any other `{{...}}` stays as written.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<ContractPlaceholder, string>>,
): string {
  return text.replace(/\{\{\s*([a-z]+)\s*\}\}/gi, (whole, name: string) => {
    const key = name.toLowerCase() as ContractPlaceholder;
    return CONTRACT_PLACEHOLDERS.includes(key) ? values[key] : whole;
  });
}

const CPF_MASK = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;

/**
 * The signing form (spec §5): CPF '000.000.000-00' (exactly 14 characters) or its 11 digits, with
 * valid check digits; telefone as any phone field takes it; both consents. Parsed to digits.
 * `whatsapp`: the student also ticked 'Quero receber lembretes e cobranças pelo WhatsApp'.
 */
export const signContractSchema = z.strictObject({
  cpf: z
    .string('CPF inválido: use o formato 000.000.000-00')
    .trim()
    .refine((value) => CPF_MASK.test(value) || /^\d{11}$/.test(value), {
      message: 'CPF inválido: use o formato 000.000.000-00',
      abort: true,
    })
    .refine(isValidCpf, 'CPF inválido')
    .transform((value) => value.replace(/\D/g, '')),
  telefone: phoneSchema('Telefone inválido: use o formato (11) 99999-9999'),
  consentDataProcessing: z.literal(
    true,
    'É necessário consentir com o tratamento dos dados pessoais (LGPD)',
  ),
  consentTerms: z.literal(true, 'É necessário concordar com os termos do contrato'),
  whatsapp: whatsAppOptInField,
});
export type SignContractInput = z.input<typeof signContractSchema>;
export type SignContractFields = z.output<typeof signContractSchema>;

/**
 * A client address as Vira stores it (LGPD): IPv4 with its last octet 0 ('203.0.113.77' ->
 * '203.0.113.0'); IPv6 cut to its /48 ('2001:db8:abcd:12::1' -> '2001:db8:abcd::'); an IPv4-mapped
 * IPv6 ('::ffff:203.0.113.77', also in hex) as its IPv4. Anything else (no address, garbage): null.
 */
export function anonymizeIp(address: string | null | undefined): string | null {
  if (!address) return null;
  const ip = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const v4 = ipv4Octets(ip);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0`;
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.0`;
  const prefix = groups.slice(0, 3);
  while (prefix.length > 0 && prefix[prefix.length - 1] === 0) prefix.pop();
  return `${prefix.map((group) => group.toString(16)).join(':')}::`;
}

function ipv4Octets(ip: string): number[] | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : undefined;
}

/** The 8 groups of an IPv6 address (with '::' and a dotted IPv4 tail expanded), or undefined. */
function ipv6Groups(ip: string): number[] | undefined {
  if (!ip.includes(':') || (ip.match(/::/g) ?? []).length > 1) return undefined;
  let text = ip;
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    const octets = ipv4Octets(tail[1]);
    if (!octets) return undefined;
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, tail.index)}${hex(octets[0], octets[1])}:${hex(octets[2], octets[3])}`;
  }
  const [head, rest] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const left = parse(head);
  const right = parse(rest);
  if (![...left, ...right].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right].map(
    (group) => Number.parseInt(group, 16),
  );
}

/** GET /api/contracts: one contract with its signatures of the current version. */
export const contractSchema = z
  .object({
    id: z.uuid(),
    titulo: z.string(),
    conteudo: z.string(),
    tipo: z.enum(CONTRACT_TYPES),
    /** 1, then +1 each time the text of a contract someone signed changes. */
    versao: z.number().int(),
    isActive: z.boolean(),
    /** Signatures of the current version. */
    assinaturas: z.number().int(),
    /** Signatures of every version. */
    assinaturasTotal: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Contrato' });
export type Contract = z.infer<typeof contractSchema>;

/** GET /api/contracts/:id/signatures: who signed which version, when, and the evidence. */
export const contractSignatureSchema = z
  .object({
    id: z.uuid(),
    contractId: z.uuid(),
    versao: z.number().int(),
    titulo: z.string(),
    studentId: z.uuid(),
    nome: z.string(),
    /** Formatted, 000.000.000-00. */
    cpf: z.string(),
    /** Formatted, (DD) NNNNN-NNNN. */
    telefone: z.string(),
    /** Anonymized (IPv4 last octet 0, IPv6 /48); null when unknown. */
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    consentDataProcessing: z.boolean(),
    consentTerms: z.boolean(),
    consentTimestamp: z.iso.datetime({ offset: true }),
    /** SHA-256 (hex) of the signed text. */
    sha256: z.string(),
    signedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AssinaturaDeContrato' });
export type ContractSignature = z.infer<typeof contractSignatureSchema>;

/** GET /api/student/contracts */
export const studentContractSchema = z
  .object({
    id: z.uuid(),
    titulo: z.string(),
    /** The text to sign (with its fields), or the text signed once signed. */
    conteudo: z.string(),
    tipo: z.enum(CONTRACT_TYPES),
    status: z.enum(['pendente', 'assinado']),
    /** False: the trainer deactivated it; the student keeps what they signed. */
    ativo: z.boolean(),
    signedAt: z.iso.datetime({ offset: true }).optional(),
    signatureId: z.uuid().optional(),
  })
  .meta({ id: 'ContratoDoAluno' });
export type StudentContract = z.infer<typeof studentContractSchema>;

/** A consent the student gave by signing (LGPD): which contract, which version, when, to what. */
export const studentConsentSchema = z
  .object({
    signatureId: z.uuid(),
    contractId: z.uuid(),
    titulo: z.string(),
    versao: z.number().int(),
    signedAt: z.iso.datetime({ offset: true }),
    consentDataProcessing: z.boolean(),
    consentTerms: z.boolean(),
  })
  .meta({ id: 'ConsentimentoDoAluno' });
export type StudentConsent = z.infer<typeof studentConsentSchema>;

/** 201 of POST /api/contracts/:id/sign: the contract, the new signature, the position. */
export const signedAnswerSchema = commandAnswerSchema
  .extend({ signatureId: z.uuid() })
  .meta({ id: 'AssinaturaFeita' });

const trainer = routes('contracts', 'personal');
const contracts = trainer.collection('/contracts');

/** Contracts and terms, the trainer's side (spec 001 §2 'Contratos e Termos'), and signing. */
export const contractsApi = {
  list: contracts.list({
    summary:
      'Contratos ativos, mais novos primeiro, com as contagens de assinaturas (os inativos também com ?inativos=true)',
    query: z.object({ inativos: booleanQuery.optional() }),
    answer: listOf(contractSchema),
  }),
  get: contracts.get({
    summary: 'Um contrato (ativo ou não)',
    answer: contractSchema,
  }),
  create: contracts.create({
    changes: ['contract'],
    summary: 'Cria um contrato ou termo; 201 { id, position }',
    body: createContractSchema,
    errors: { contract_exists: 409 },
  }),
  update: contracts.update({
    changes: ['contract'],
    summary:
      'Altera titulo, conteudo ou tipo (uma nova versão quando a atual já tem assinaturas); { isActive: false } desativa',
    body: updateContractSchema,
  }),
  signatures: trainer.get('/contracts/{id}/signatures', {
    summary: 'Quem assinou, quando, e as evidências (IP anonimizado, hash do texto)',
    answer: listOf(contractSignatureSchema),
  }),
  signaturePdf: trainer.get('/contracts/{id}/signatures/{signatureId}.pdf', {
    summary: 'A via assinada em PDF (texto, assinante, data e hora, hash)',
    answer: fileAnswer('application/pdf'),
  }),
  sign: routes('contracts', 'aluno').post('/contracts/{id}/sign', {
    changes: ['contract'],
    summary:
      'O aluno assina a versão atual; 201 { id, signatureId, position }; 409 already_signed; 404 para contrato inativo',
    status: 201,
    body: signContractSchema,
    answer: signedAnswerSchema,
    errors: { [ALREADY_SIGNED.code]: 409 },
  }),
};

const student = routes('student-area', 'aluno');

/** The student's side: the active contracts to sign or signed, and their signed copies. */
export const studentContractsApi = {
  list: student.get('/student/contracts', {
    summary:
      "Contratos ativos do personal, 'pendente' ou 'assinado' (versão atual), e os inativos que o aluno assinou",
    answer: listOf(studentContractSchema),
    errors: { not_found: 404 },
  }),
  signedPdf: student.get('/student/contracts/{id}/signed.pdf', {
    summary: 'A via assinada do próprio aluno em PDF',
    answer: fileAnswer('application/pdf'),
  }),
  consents: student.get('/student/consents', {
    summary:
      'Os consentimentos que o aluno deu (LGPD): cada assinatura de contrato, com versão, data e hora, da mais recente',
    answer: listOf(studentConsentSchema),
    errors: { not_found: 404 },
  }),
};
