import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { copyText } from '../../../lib/clipboard';
import { notifySuccess } from '../../../lib/notify';
import { INVITE_ERROR_MESSAGE } from '../hooks/use-invite-link';
import { inviteWhatsAppUrl } from '../lib/whatsapp';

/** Spec 001 §9: back to the list 1.5 s after the WhatsApp message opens. */
export const BACK_AFTER_WHATSAPP_MS = 1_500;

export interface InviteState {
  status: 'pending' | 'error' | 'success';
  inviteUrl?: string;
  error?: unknown;
}

/**
 * After a student is created (spec 001 §2, §4): the invite link, 'Copiar Link', 'Enviar WhatsApp'
 * (then back to /alunos after 1.5 s) and 'Voltar para Alunos'.
 */
export function InviteSuccessPanel({
  student,
  invite,
  onRetryInvite,
}: {
  student: { nome: string; whatsapp: string };
  invite: InviteState;
  onRetryInvite: () => void;
}) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const linkInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!invite.inviteUrl) return;
    if (await copyText(invite.inviteUrl)) {
      notifySuccess('Link copiado para a área de transferência!');
    } else {
      linkInput.current?.select();
      notifications.show({ color: 'yellow', message: 'Não foi possível copiar automaticamente: copie o link selecionado.' });
    }
  };

  const sentOnWhatsApp = () => {
    notifySuccess('Link de convite aberto no WhatsApp!');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate(paths.students), BACK_AFTER_WHATSAPP_MS);
  };

  return (
    <Card>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" radius="xl" size={40}>
            <IconCheck size={22} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              Aluno cadastrado com sucesso!
            </Title>
            <Text size="sm" c="dimmed">
              Envie o convite para {student.nome} criar a conta e agendar os treinos.
            </Text>
          </div>
        </Group>

        {invite.status === 'pending' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Gerando link de convite...
            </Text>
          </Group>
        )}
        {invite.status === 'error' && (
          <Alert color="red" title="Erro">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(invite.error, INVITE_ERROR_MESSAGE)}</Text>
              <Button size="xs" variant="light" color="red" onClick={onRetryInvite}>
                Tentar novamente
              </Button>
            </Stack>
          </Alert>
        )}
        {invite.status === 'success' && invite.inviteUrl && (
          <>
            <TextInput
              ref={linkInput}
              label="Link de convite"
              value={invite.inviteUrl}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => void copy()}>
                Copiar Link
              </Button>
              <Button
                component="a"
                href={inviteWhatsAppUrl(student.whatsapp, student.nome, invite.inviteUrl)}
                target="_blank"
                rel="noopener noreferrer"
                color="green"
                leftSection={<IconBrandWhatsapp size={18} />}
                onClick={sentOnWhatsApp}
              >
                Enviar WhatsApp
              </Button>
            </Group>
          </>
        )}
        <Button variant="default" onClick={() => void navigate(paths.students)}>
          Voltar para Alunos
        </Button>
      </Stack>
    </Card>
  );
}
