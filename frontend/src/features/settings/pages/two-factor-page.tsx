import { identityApi, mfaCodeSchema } from '@contracts/identity/api';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { twoFactorQuery } from '../../../entities/two-factor';
import { failureOf, isApiError } from '../../../lib/api-error';
import { copyText } from '../../../lib/clipboard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useEnrollTwoFactor } from '../api/two-factor';
import { useOperation } from '../../../entities/operation';

const RECOVERY_FILE = 'vira-codigos-de-recuperacao.txt';

/** The code field's own message: the contract's rule, or the API's refusal of the code. */
function codeProblem(code: string): string | undefined {
  const checked = mfaCodeSchema.safeParse({ code });
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** The field a refusal belongs to: the code's, or the password's. */
type FieldErrors = { code?: string; password?: string };

function CodeForm({
  label,
  description,
  submitLabel,
  askPassword = false,
  danger = false,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  description: string;
  submitLabel: string;
  /** Also asks for the account's password (turning two-factor off). */
  askPassword?: boolean;
  danger?: boolean;
  pending: boolean;
  /** Sends the code (and the password); resolves to the fields' errors when the API refused them. */
  onSubmit: (code: string, password: string) => Promise<FieldErrors>;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldErrors = {
      password: askPassword && password.length === 0 ? 'Informe a senha' : undefined,
      code: codeProblem(code),
    };
    if (problems.password || problems.code) {
      setErrors(problems);
      return;
    }
    setErrors(await onSubmit(code.trim(), password));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {askPassword && (
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            maxLength={128}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
            required
          />
        )}
        <TextInput
          label={label}
          description={description}
          placeholder="123456"
          inputMode="text"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setErrors((current) => ({ ...current, code: undefined }));
          }}
          error={errors.code}
          required
        />
        <FormActions
          onCancel={onCancel}
          submitLabel={submitLabel}
          pending={pending}
          color={danger ? 'red' : undefined}
        />
      </Stack>
    </form>
  );
}

/**
 * Sends a code: resolves to no errors once done, to the field's error when the code (or the
 * password) is wrong, and otherwise to none after a toast with `failed` (too many attempts among them).
 */
async function sendCode(send: () => Promise<void>, failed: string): Promise<FieldErrors> {
  try {
    await send();
    return {};
  } catch (caught) {
    const error = failureOf<typeof identityApi.activateTotp | typeof identityApi.removeTotp>(
      caught,
    );
    if (isApiError(error, 'invalid_mfa_code')) return { code: error.message };
    if (isApiError(error, 'invalid_password')) return { password: error.message };
    notifyError(failed, error);
    return {};
  }
}

function Enrolment({
  enrolment: { secret, qrCodeDataUrl },
  onActivated,
  onCancel,
}: {
  enrolment: { secret: string; qrCodeDataUrl: string };
  onActivated: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const activate = useOperation(identityApi.activateTotp);

  const confirm = (code: string) =>
    sendCode(async () => {
      const { recoveryCodes } = await activate.mutateAsync({ body: { code } });
      notifySuccess('Verificação em duas etapas ativada');
      onActivated(recoveryCodes);
    }, 'Erro ao ativar a verificação em duas etapas');

  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Configure o app autenticador
        </Title>
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>
            Abra um app autenticador (Google Authenticator, Microsoft Authenticator, 1Password...).
          </List.Item>
          <List.Item>Escaneie o QR code ou digite a chave manualmente.</List.Item>
          <List.Item>Digite o código de 6 dígitos que o app mostrar.</List.Item>
        </List>
        <Image
          src={qrCodeDataUrl}
          alt="QR code para adicionar o Vira ao app autenticador"
          w={200}
          h={200}
          mx="auto"
          radius="sm"
          style={{ imageRendering: 'pixelated' }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Chave para digitar no app
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="sm" style={{ wordBreak: 'break-all' }} aria-label="Chave do app autenticador">
              {secret.match(/.{1,4}/g)?.join(' ')}
            </Code>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconCopy size={16} />}
              onClick={() =>
                void copyText(secret).then((copied) =>
                  copied
                    ? notifySuccess('Chave copiada!')
                    : notifyError('Não foi possível copiar', null, 'Selecione a chave e copie-a.'),
                )
              }
            >
              Copiar chave
            </Button>
          </Group>
        </Stack>
        <CodeForm
          label="Código de verificação"
          description="O código de 6 dígitos mostrado no app"
          submitLabel="Confirmar"
          pending={activate.isPending}
          onSubmit={confirm}
          onCancel={onCancel}
        />
      </Stack>
    </Card>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = [
    'Vira — códigos de recuperação da verificação em duas etapas',
    'Cada código pode ser usado uma única vez, no lugar do código do app.',
    '',
    ...codes,
    '',
  ].join('\n');

  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Códigos de recuperação
        </Title>
        <Alert color="yellow" variant="light">
          Guarde estes códigos em um lugar seguro: eles não serão mostrados de novo. Sem o celular,
          cada um permite entrar uma única vez.
        </Alert>
        <SimpleGrid cols={2} spacing="xs" aria-label="Códigos de recuperação" role="list">
          {codes.map((code) => (
            <Code key={code} role="listitem" fz="md" ta="center" py={6}>
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconCopy size={18} />}
              onClick={() =>
                void copyText(codes.join('\n')).then((copied) =>
                  copied
                    ? notifySuccess('Códigos copiados!')
                    : notifyError(
                        'Não foi possível copiar',
                        null,
                        'Selecione os códigos e copie-os.',
                      ),
                )
              }
            >
              Copiar
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              onClick={() =>
                saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_FILE)
              }
            >
              Baixar
            </Button>
          </Group>
          <Button onClick={onDone}>Concluir</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Enabled() {
  const remove = useOperation(identityApi.removeTotp);

  const turnOff = (code: string, password: string) =>
    sendCode(async () => {
      await remove.mutateAsync({ body: { code, password } });
      notifySuccess('Verificação em duas etapas desativada');
    }, 'Erro ao desativar a verificação em duas etapas');

  return (
    <Card withBorder>
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} fz="lg">
            Verificação em duas etapas
          </Title>
          <Badge color="teal" variant="light">
            Ativa
          </Badge>
        </Group>
        <Text size="sm">
          Ao entrar, além da senha, o Vira pede o código do seu app autenticador.
        </Text>
        <CodeForm
          label="Código de verificação"
          description="Para desativar, digite sua senha e o código do app ou um código de recuperação"
          submitLabel="Desativar"
          askPassword
          danger
          pending={remove.isPending}
          onSubmit={turnOff}
        />
      </Stack>
    </Card>
  );
}

/** /ajustes/duas-etapas: turn on two-factor sign-in (QR code, first code, recovery codes) or off. */
export function TwoFactorPage() {
  const status = useQuery(twoFactorQuery());
  const enroll = useEnrollTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  const content = () => {
    if (recoveryCodes)
      return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
    if (status.isPending) return <PageLoader />;
    if (status.isError)
      return (
        <LoadError
          title="Erro ao carregar a verificação em duas etapas"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      );
    if (status.data.enabled) return <Enabled />;
    if (enroll.data)
      return (
        <Enrolment
          enrolment={enroll.data}
          onActivated={(codes) => {
            enroll.reset();
            setRecoveryCodes(codes);
          }}
          onCancel={() => enroll.reset()}
        />
      );
    return (
      <Card withBorder>
        <Stack gap="md" align="flex-start">
          <Group gap="sm">
            <Title order={2} fz="lg">
              Verificação em duas etapas
            </Title>
            <Badge color="gray" variant="light">
              Desativada
            </Badge>
          </Group>
          <Text size="sm">
            Proteja sua conta: ao entrar, além da senha, o Vira pede um código de 6 dígitos gerado
            pelo app autenticador do seu celular.
          </Text>
          <Button
            loading={enroll.isPending}
            onClick={() =>
              enroll.mutate(undefined, {
                onError: (error) => notifyError('Erro ao iniciar a configuração', error),
              })
            }
          >
            Ativar
          </Button>
        </Stack>
      </Card>
    );
  };

  return (
    <>
      <PageHeader
        title="Verificação em duas etapas"
        description="Código do app autenticador ao entrar"
        backTo={paths.settings}
      />
      <Stack gap="md" maw={560}>
        {content()}
      </Stack>
    </>
  );
}
