import { z } from 'zod';
import { isValidCpf } from './domain/cpf';

const digitsOnly = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\D/g, '') : value;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email('E-mail inválido'));
const password = z
  .string()
  .min(6, 'A senha deve ter no mínimo 6 caracteres')
  .max(128, 'A senha deve ter no máximo 128 caracteres');

function isPastIsoDate(value: string, now: Date): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    date.getTime() < now.getTime()
  );
}

export const signUpSchema = z.strictObject({
  nome: z
    .string()
    .trim()
    .min(1, 'Informe seu nome')
    .max(120, 'O nome deve ter no máximo 120 caracteres'),
  cpf: z.preprocess(digitsOnly, z.string().refine(isValidCpf, 'CPF inválido')),
  dataNascimento: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data de nascimento inválida (use AAAA-MM-DD)')
    .refine(
      (value) => isPastIsoDate(value, new Date()),
      'Data de nascimento inválida: deve ser uma data passada',
    ),
  telefone: z.preprocess(
    digitsOnly,
    z.string().regex(/^\d{10,11}$/, 'Celular inválido: informe DDD e número, com 10 ou 11 dígitos'),
  ),
  email,
  password,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'Informe o e-mail').max(254),
  password: z.string().min(1, 'Informe a senha').max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const recoverSchema = z.strictObject({ email });

export const resetSchema = z.strictObject({
  token: z.string().min(1, 'Link de redefinição inválido ou expirado.').max(200),
  password,
});

const answer = z.string().trim().min(1, 'não pode ficar em branco').max(500);
export const onboardingSchema = z.strictObject({
  answers: z.strictObject({
    alunos_ativos: answer,
    tipo_atendimento: answer,
    ticket_medio_mensal: answer,
    formas_cobranca: answer,
    emite_recibo: answer,
    faturamento_mensal_medio: answer,
    tipo_planos: answer,
    faz_desconto: answer,
    tem_politica_cancelamento: answer,
    objetivos: answer,
    meta_faturamento_6meses: answer,
  }),
});

const mfaCode = z
  .string()
  .trim()
  .min(1, 'Informe o código de verificação')
  .max(20, 'Código de verificação inválido.');
export const mfaCodeSchema = z.strictObject({ code: mfaCode });
export const mfaVerifySchema = z.strictObject({
  challengeToken: z.string().min(1, 'A verificação expirou. Faça login novamente.').max(200),
  code: mfaCode,
});
