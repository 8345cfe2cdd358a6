import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { isValidCpf } from '../../../lib/cpf';
import { phoneDigits } from '../../../lib/phone';

const required = 'Campo obrigatório';

/** Spec 000 §5: every field required; CPF digits with valid check digits; celular 10-11 digits; senha 6+. */
export const signupInputSchema = z.object({
  nome: z.string().trim().min(1, required),
  cpf: z
    .string()
    .min(1, required)
    .refine((value) => isValidCpf(value), 'CPF inválido'),
  dataNascimento: z.iso.date('Data de nascimento inválida'),
  telefone: z
    .string()
    .min(1, required)
    .transform(phoneDigits)
    .refine((digits) => digits.length >= 10, 'Celular inválido'),
  email: z.email('Email inválido'),
  password: z.string().min(6, 'A senha deve ter no mínimo 6 caracteres'),
});

export type SignupInput = z.input<typeof signupInputSchema>;

export function signup(input: z.output<typeof signupInputSchema>) {
  return api.post<{ user: unknown }>('/auth/signup', input, { anonymous: true });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
