import type { SignInInput } from '@contracts/identity/api';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { EmailInput } from '../../../components/account-inputs';
import { isApiError } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/field-errors';
import { identityContract, useLogin, useVerifyCode } from '../api/login';
import { useFormFields } from '../../../lib/use-form-fields';

const signedIn = () => notifications.show({ color: 'teal', message: 'Login realizado com sucesso!' });
const failed = (message = 'Erro ao fazer login. Tente novamente.') => notifications.show({ color: 'red', message });

/** The second step of a sign-in with two-factor on: the app's code, or a recovery code. */
function VerificationCodeForm({ challengeToken, onBack }: { challengeToken: string; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyCode({ onSignedIn: signedIn });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { mfaCodeSchema } = await identityContract();
    const parsed = mfaCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    verify.mutate(
      { challengeToken, code: parsed.data.code },
      {
        onError: (failure) => {
          if (isApiError(failure, 'invalid_mfa_code')) return setError(failure.message);
          if (isApiError(failure, 'invalid_mfa_challenge')) {
            failed(failure.message);
            return onBack();
          }
          failed(isApiError(failure) && failure.statusCode === 429 ? failure.message : undefined);
        },
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">Digite o código de 6 dígitos do seu app autenticador, ou um dos seus códigos de recuperação.</Text>
        <TextInput
          label="Código de verificação"
          placeholder="123456"
          autoComplete="one-time-code"
          maxLength={20}
          // The step the user just asked for by signing in: the field is where they type next.
          autoFocus
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          required
        />
        <Button type="submit" size="md" loading={verify.isPending} fullWidth>
          Verificar
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Voltar
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export function LoginForm({
  onForgotPassword,
  initialEmail = '',
  challenge,
  onChallengeDone,
}: {
  onForgotPassword: () => void;
  /** The e-mail just registered: Entrar starts with it. */
  initialEmail?: string;
  /** A second step already asked for (an identity provider's sign-in of an account with two-factor on). */
  challenge?: string;
  onChallengeDone?: () => void;
}) {
  const { values, setErrors, field } = useFormFields<SignInInput>({ email: initialEmail, password: '' });
  const [challengeToken, setChallengeToken] = useState(challenge);
  const login = useLogin({ onSignedIn: signedIn });

  // The contract's rules, fetched while the user types (see identityContract).
  useEffect(() => {
    void identityContract();
  }, []);

  if (challengeToken)
    return (
      <VerificationCodeForm
        challengeToken={challengeToken}
        onBack={() => {
          setChallengeToken(undefined);
          onChallengeDone?.();
        }}
      />
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { signInSchema } = await identityContract();
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    // On success the page follows the new session to where the user was going (AuthPage).
    login.mutate(parsed.data, {
      onSuccess: (outcome) => {
        if (!outcome.signedIn) setChallengeToken(outcome.challengeToken);
      },
      onError: (error) => {
        if (isApiError(error, 'account_closed')) failed(error.message);
        else failed(isApiError(error) && error.statusCode === 401 ? 'Email ou senha incorretos' : undefined);
      },
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <EmailInput {...field('email')} required />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          placeholder="Sua senha"
          {...field('password')}
          required
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Esqueci minha senha
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={login.isPending} fullWidth>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
