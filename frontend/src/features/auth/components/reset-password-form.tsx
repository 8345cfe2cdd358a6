import { resetSchema, identityApi } from '@contracts/identity/api';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { NewPasswordInput } from '../../../components/account-inputs';
import { isApiError } from '../../../lib/api-error';
import { useOperation } from '../../../entities/operation';

/** Shown when the e-mailed link brings `?reset=<token>`. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const reset = useOperation(identityApi.reset);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetSchema.safeParse({ token, password });
    if (!parsed.success) {
      setErrors({ password: parsed.error.issues[0]?.message });
      return;
    }
    if (password !== confirmation) {
      setErrors({ confirmation: 'As senhas não coincidem' });
      return;
    }
    setErrors({});
    reset.mutate(
      { body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Senha alterada!',
            message: 'Entre com a sua nova senha.',
          });
          onDone();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Erro ao redefinir senha',
            message: isApiError(error) ? error.message : 'Tente novamente.',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Crie uma nova senha para a sua conta.
        </Text>
        <NewPasswordInput
          label="Nova senha"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          required
        />
        <PasswordInput
          label="Confirmar nova senha"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={errors.confirmation}
          required
        />
        <Button type="submit" size="md" loading={reset.isPending} fullWidth>
          Salvar nova senha
        </Button>
      </Stack>
    </form>
  );
}
