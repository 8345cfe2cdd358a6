import { formatCpf } from '@contracts/shared/br-documents';
import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import {
  useAcceptInvite,
  validateInviteSignup,
  type InviteSignupForm,
} from '../api/accept-invite';
import { PhoneInput } from '../../../components/phone-input';
import { useFormFields } from '../../../lib/use-form-fields';

export const ACCOUNT_CREATED = 'Conta criada com sucesso! Você será redirecionado...';
export const INVALID_INVITE = 'Convite inválido ou expirado';
export const EMAIL_TAKEN = 'Este email já está cadastrado';

/**
 * The student's sign-up from an invite (spec 001 §2, §5, §8). `onDone` runs once the account exists
 * or the invite turns out to be invalid: the page then goes to /auth after 2 s.
 */
export function InviteForm({
  token,
  studentName,
  onDone,
}: {
  token: string;
  studentName: string;
  onDone: (outcome: 'created' | 'invalid', email?: string) => void;
}) {
  const { values, errors, change: setValues, setErrors } = useFormFields<InviteSignupForm>({
    nome: studentName,
    email: '',
    password: '',
    confirmPassword: '',
    cpf: '',
    telefone: '',
  });
  const accept = useAcceptInvite();

  const set = (field: keyof InviteSignupForm, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validateInviteSignup(values);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    accept.mutate(
      { params: { token }, body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: ACCOUNT_CREATED });
          onDone('created', parsed.data.email);
        },
        onError: (error) => {
          if (isApiError(error, 'convite_invalido')) {
            notifications.show({ color: 'red', message: INVALID_INVITE });
            onDone('invalid');
          } else if (isApiError(error, 'user_already_registered')) {
            notifications.show({ color: 'red', message: EMAIL_TAKEN });
            setErrors({ email: EMAIL_TAKEN });
          } else {
            notifyError('Erro ao criar conta', error);
          }
        },
      },
    );
  };

  const done = accept.isSuccess;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome completo"
          autoComplete="name"
          value={values.nome}
          onChange={(event) => set('nome', event.currentTarget.value)}
          error={errors.nome}
          required
          disabled={done}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="voce@exemplo.com"
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errors.email}
          required
          disabled={done}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <PasswordInput
            label="Senha"
            autoComplete="new-password"
            placeholder="Mínimo de 6 caracteres"
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={errors.password}
            required
            disabled={done}
          />
          <PasswordInput
            label="Confirmar senha"
            autoComplete="new-password"
            placeholder="Repita a senha"
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword', event.currentTarget.value)}
            error={errors.confirmPassword}
            required
            disabled={done}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="CPF (opcional)"
            inputMode="numeric"
            placeholder="000.000.000-00"
            value={values.cpf}
            onChange={(event) => set('cpf', formatCpf(event.currentTarget.value))}
            error={errors.cpf}
            disabled={done}
          />
          <PhoneInput
            label="Telefone (opcional)"
            value={values.telefone}
            onChange={(telefone) => set('telefone', telefone)}
            error={errors.telefone}
            disabled={done}
          />
        </SimpleGrid>
        <Button type="submit" size="md" fullWidth loading={accept.isPending} disabled={done}>
          Criar conta
        </Button>
      </Stack>
    </form>
  );
}
