import type { SignInInput } from '@contracts/identity/api';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/field-errors';
import { identityContract, useLogin } from '../api/login';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [values, setValues] = useState<SignInInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignInInput, string>>>({});
  const login = useLogin({
    onSuccess: () => notifications.show({ color: 'teal', message: 'Login realizado com sucesso!' }),
  });

  // The contract's rules, fetched while the user types (see identityContract).
  useEffect(() => {
    void identityContract();
  }, []);

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
      onError: (error) => {
        notifications.show({
          color: 'red',
          message: isApiError(error) && error.statusCode === 401 ? 'Email ou senha incorretos' : 'Erro ao fazer login. Tente novamente.',
        });
      },
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="voce@exemplo.com"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
          error={errors.email}
          required
        />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          placeholder="Sua senha"
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
          error={errors.password}
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
