import { formatCpf } from '@contracts/shared/br-documents';
import { WHATSAPP_OPT_IN_LABEL } from '@contracts/shared/whatsapp-opt-in';
import { Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EmailInput, NewPasswordInput } from '../../../components/account-inputs';
import { isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { validateInviteSignup, type InviteSignupForm } from '../api/accept-invite';
import { PhoneInput } from '../../../components/phone-input';
import { useFormFields } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';
import { identityApi } from '@contracts/identity/api';

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
  const { setErrors, submitWith, field, checkbox } = useFormFields<InviteSignupForm>({
    nome: studentName,
    email: '',
    password: '',
    confirmPassword: '',
    cpf: '',
    telefone: '',
    whatsapp: false,
  });
  const accept = useOperation(identityApi.acceptInvite);

  const submit = submitWith(validateInviteSignup, (body) =>
    accept.mutate(
      { params: { token }, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: ACCOUNT_CREATED });
          onDone('created', body.email);
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
    ),
  );

  const done = accept.isSuccess;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome completo"
          autoComplete="name"
          {...field('nome')}
          required
          disabled={done}
        />
        <EmailInput {...field('email')} required disabled={done} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NewPasswordInput {...field('password')} required disabled={done} />
          <PasswordInput
            label="Confirmar senha"
            autoComplete="new-password"
            placeholder="Repita a senha"
            {...field('confirmPassword')}
            required
            disabled={done}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="CPF (opcional)"
            inputMode="numeric"
            placeholder="000.000.000-00"
            {...field('cpf', formatCpf)}
            disabled={done}
          />
          <PhoneInput label="Telefone (opcional)" {...field('telefone')} disabled={done} />
        </SimpleGrid>
        <Checkbox label={WHATSAPP_OPT_IN_LABEL} {...checkbox('whatsapp')} disabled={done} />
        <Button type="submit" size="md" fullWidth loading={accept.isPending} disabled={done}>
          Criar conta
        </Button>
      </Stack>
    </form>
  );
}
