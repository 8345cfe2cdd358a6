import { recoverSchema, identityApi } from '@contracts/identity/api';
import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { EmailInput } from '../../../components/account-inputs';
import { FormActions } from '../../../components/form-actions';
import { useOperation } from '../../../entities/operation';

export function ForgotPasswordDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const recover = useOperation(identityApi.recover);

  const close = () => {
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = recoverSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    recover.mutate(
      { body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Email enviado!',
            message:
              'Se houver uma conta com este e-mail, você receberá um link para redefinir a senha.',
          });
          setEmail('');
          close();
        },
        onError: () => notifications.show({ color: 'red', message: 'Erro ao enviar email' }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Recuperar senha" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.
          </Text>
          <EmailInput
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
            data-autofocus
            required
          />
          <FormActions
            onCancel={close}
            submitLabel="Enviar link"
            pending={recover.isPending}
            gap="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
