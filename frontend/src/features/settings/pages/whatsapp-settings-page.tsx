import {
  WHATSAPP_TEMPLATE_STATUS_LABELS,
  type WhatsAppSettingsAnswer,
  type WhatsAppSettingsInput,
  whatsAppSettingsSchema,
  whatsAppApi,
} from '@contracts/messaging/api';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { Loaded } from '../../../components/loaded';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { whatsAppSettingsQuery } from '../../../entities/whatsapp';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type FieldsProps, textField, useFormFields } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';

type Modo = WhatsAppSettingsInput['modo'];
interface Values {
  modo: Modo;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
}

const valuesOf = (saved: WhatsAppSettingsAnswer): Values => ({
  modo: saved.modo,
  phoneNumberId: saved.phoneNumberId ?? '',
  wabaId: saved.wabaId ?? '',
  accessToken: '',
});

/** What is sent: the token left blank stays as saved (write-only); only 'proprio' sends the ids. */
const bodyOf = ({ modo, phoneNumberId, wabaId, accessToken }: Values): WhatsAppSettingsInput =>
  modo === 'proprio'
    ? {
        modo,
        phoneNumberId: phoneNumberId.trim() || undefined,
        wabaId: wabaId.trim() || undefined,
        accessToken: accessToken.trim() || undefined,
      }
    : { modo };

const STATUS_COLORS: Record<keyof typeof WHATSAPP_TEMPLATE_STATUS_LABELS, string> = {
  PENDING: 'yellow',
  APPROVED: 'teal',
  REJECTED: 'red',
  PAUSED: 'orange',
  DISABLED: 'gray',
};

/**
 * Ajustes › WhatsApp: whether reminders go by WhatsApp ('Número do Vira' or the trainer's own
 * WhatsApp Business number, its token write-only), 'Testar conexão', and each template's review at
 * Meta (a template not approved sends by e-mail).
 */
export function WhatsAppSettingsPage() {
  const settings = useQuery(whatsAppSettingsQuery());
  return (
    <>
      <PageHeader title="WhatsApp" backTo={paths.settings} />
      <Loaded query={settings} errorTitle="Erro ao carregar configurações">
        {(saved) => <WhatsAppSettingsForm key={JSON.stringify(saved)} saved={saved} />}
      </Loaded>
    </>
  );
}

function WhatsAppSettingsForm({ saved }: { saved: WhatsAppSettingsAnswer }) {
  const { values, errors, change, setErrors } = useFormFields<Values>(() => valuesOf(saved));
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const save = useOperation(whatsAppApi.saveSettings);
  const test = useOperation(whatsAppApi.test);
  const form: FieldsProps<Values> = {
    values,
    errors,
    onChange: (update) => {
      change(update);
      setTestResult(null);
    },
  };
  const field = (name: Exclude<keyof Values, 'modo'>) => textField(form, name);

  const checked = (): WhatsAppSettingsInput | undefined => {
    const body = bodyOf(values);
    const parsed = whatsAppSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Values>(parsed.error));
      return undefined;
    }
    return body;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = checked();
    if (!body) return;
    // The promise, not mutate's callbacks: the saved answer refetches and starts the form anew
    // (its key), and callbacks of an unmounted form would never run.
    save.mutateAsync({ body }).then(
      () =>
        notifySuccess(
          'WhatsApp salvo',
          body.modo === 'desligado'
            ? 'Os lembretes seguem por e-mail.'
            : 'Os modelos foram enviados para análise da Meta; os lembretes saem pelo WhatsApp assim que forem aprovados.',
        ),
      (error: unknown) => notifyError('Erro ao salvar WhatsApp', error),
    );
  };

  const testConnection = () => {
    const body = checked();
    if (!body) return;
    test.mutate(
      { body },
      {
        onSuccess: setTestResult,
        onError: (error) => notifyError('Erro ao testar conexão', error),
      },
    );
  };

  const connected = saved.modo !== 'desligado';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <Card withBorder padding="md" radius="md">
          <Radio.Group
            label="Enviar lembretes pelo WhatsApp"
            description="Só recebe pelo WhatsApp o aluno que concordou; os demais seguem por e-mail."
            value={values.modo}
            onChange={(value) => form.onChange((current) => ({ ...current, modo: value as Modo }))}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="desligado" label="Desligado" />
              <Radio
                value="vira"
                label="Número do Vira"
                description={
                  saved.numeroDoViraDisponivel ? undefined : 'Indisponível neste servidor'
                }
                disabled={!saved.numeroDoViraDisponivel}
              />
              <Radio value="proprio" label="Meu número (WhatsApp Business)" />
            </Stack>
          </Radio.Group>
          {values.modo === 'proprio' && (
            <Stack gap="sm" mt="md">
              <TextInput
                label="ID do número de telefone"
                inputMode="numeric"
                autoComplete="off"
                {...field('phoneNumberId')}
              />
              <TextInput
                label="ID da conta do WhatsApp Business (WABA)"
                inputMode="numeric"
                autoComplete="off"
                {...field('wabaId')}
              />
              <PasswordInput
                label="Token de acesso"
                description={
                  saved.tokenSalvo
                    ? 'Salvo. Deixe em branco para manter.'
                    : 'Token permanente de um usuário do sistema, no Meta Business Suite'
                }
                autoComplete="new-password"
                {...field('accessToken')}
              />
            </Stack>
          )}
          {values.modo !== 'desligado' && (
            <Group mt="md">
              <Button variant="light" onClick={testConnection} loading={test.isPending}>
                Testar conexão
              </Button>
            </Group>
          )}
          {testResult && (
            <Alert
              mt="md"
              color={testResult.ok ? 'teal' : 'red'}
              role="status"
              title={testResult.ok ? 'Conexão OK' : 'Falha na conexão'}
            >
              {testResult.message}
            </Alert>
          )}
        </Card>
        {connected && (
          <Card withBorder padding="md" radius="md">
            <Text fw={600} mb="xs">
              Modelos de mensagem
            </Text>
            <Table>
              <Table.Tbody>
                {saved.modelos.map((modelo) => (
                  <Table.Tr key={modelo.nome}>
                    <Table.Td>
                      {modelo.rotulo}
                      {modelo.motivo && (
                        <Text size="xs" c="dimmed">
                          Motivo: {modelo.motivo}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {modelo.status ? (
                        <Badge color={STATUS_COLORS[modelo.status]} variant="light">
                          {WHATSAPP_TEMPLATE_STATUS_LABELS[modelo.status]}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          Não enviado
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" mt="xs">
              Enquanto um modelo não é aprovado pela Meta, a mensagem dele segue por e-mail.
            </Text>
          </Card>
        )}
        <FormActions submitLabel="Salvar" pending={save.isPending} gap="md" />
      </Stack>
    </form>
  );
}
