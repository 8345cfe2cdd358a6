import { type PixSettingsView } from '@contracts/charges/api';
import {
  CONTA_TIPO_LABELS,
  CONTA_TIPOS,
  type ContaTipo,
  PIX_CITY_MAX,
  PIX_KEY_TYPE_LABELS,
  PIX_NAME_MAX,
  PIX_PROVIDER_LABELS,
  PIX_PROVIDERS,
  type PixProvider,
  type PixSettingsInput,
  pixSettingsSchema,
  normalizePixKey,
  pixText,
} from '@contracts/charges/pix';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { pixSettingsQuery } from '../../../entities/pix-settings';
import { useSavePixSettings, useTestPixConnection } from '../api/charge-mutations';

type Field = keyof PixSettingsInput;
type Values = Required<Pick<PixSettingsInput, 'chave' | 'nomeRecebedor' | 'cidade'>> & {
  provedor: PixProvider;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  certificadoPem: string;
  chavePem: string;
  pixAutomatico: boolean;
  agencia: string;
  conta: string;
  tipoConta: ContaTipo;
};

const valuesOf = (saved: PixSettingsView | undefined): Values => ({
  chave: saved?.chave ?? '',
  nomeRecebedor: saved?.nomeRecebedor ?? '',
  cidade: saved?.cidade ?? '',
  provedor: saved?.provedor ?? 'manual',
  baseUrl: saved?.baseUrl ?? '',
  clientId: saved?.clientId ?? '',
  clientSecret: '',
  certificadoPem: '',
  chavePem: '',
  pixAutomatico: saved?.pixAutomatico ?? false,
  agencia: saved?.agencia ?? '',
  conta: saved?.conta ?? '',
  tipoConta: saved?.tipoConta ?? 'CORRENTE',
});

/** What is sent: secrets left blank stay as saved (write-only), manual sends no PSP fields. */
const bodyOf = (values: Values): PixSettingsInput => {
  const { chave, nomeRecebedor, cidade, provedor } = values;
  if (provedor === 'manual') return { chave, nomeRecebedor, cidade, provedor };
  const optional = (value: string) => (value.trim() ? value : undefined);
  return {
    chave,
    nomeRecebedor,
    cidade,
    provedor,
    baseUrl: values.baseUrl,
    clientId: values.clientId,
    clientSecret: optional(values.clientSecret),
    certificadoPem: optional(values.certificadoPem),
    chavePem: optional(values.chavePem),
    pixAutomatico: values.pixAutomatico,
    ...(values.pixAutomatico
      ? { agencia: values.agencia, conta: values.conta, tipoConta: values.tipoConta }
      : {}),
  };
};

/**
 * /ajustes/pix: the key, receiver's name and city every charge carries, and how charges are made:
 * by hand (static BR Code, 'Marcar como pago') or through the trainer's PSP (the Banco Central's
 * API Pix: OAuth2 client and the mTLS certificate, secrets write-only), with 'Testar conexão'.
 */
export function PixSettingsPage() {
  const settings = useQuery(pixSettingsQuery());
  return (
    <>
      <PageHeader title="Recebimento por PIX" backTo={paths.settings} />
      {settings.isPending && <PageLoader />}
      {settings.isError && (
        <LoadError title="Erro ao carregar configurações" error={settings.error} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && (
        // A fresher answer (the device's saved copy shows first, then the server's) starts the form anew.
        <PixSettingsForm
          key={JSON.stringify(settings.data)}
          saved={'chave' in settings.data ? settings.data : undefined}
        />
      )}
    </>
  );
}

function PixSettingsForm({ saved }: { saved: PixSettingsView | undefined }) {
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const save = useSavePixSettings();
  const test = useTestPixConnection();
  const keyType = normalizePixKey(values.chave)?.type;
  const secretsSaved = saved?.credenciaisSalvas === true;
  const keepHint = secretsSaved ? 'Salvo. Deixe em branco para manter.' : undefined;

  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setTestResult(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = pixSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    save.mutate({ body }, {
      onSuccess: (result) => {
        setValues(valuesOf(result));
        notifySuccess(
          'Chave PIX salva',
          result.provedor === 'api-pix'
            ? 'Suas cobranças saem pelo seu PSP e os pagamentos se confirmam sozinhos.'
            : 'Suas cobranças já saem com QR Code e Pix Copia e Cola.',
        );
      },
      onError: (error) => notifyError('Erro ao salvar chave PIX', error),
    });
  };

  const testConnection = () => {
    const { chave, baseUrl, clientId, clientSecret, certificadoPem, chavePem } = values;
    test.mutate(
      { body: { chave, baseUrl, clientId, clientSecret, certificadoPem, chavePem } },
      {
        onSuccess: setTestResult,
        onError: (error) => notifyError('Erro ao testar conexão', error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <Card withBorder padding="md" radius="md">
          <Stack gap="sm">
            <TextInput
              label="Chave PIX"
              description={keyType ? `Tipo: ${PIX_KEY_TYPE_LABELS[keyType]}` : 'CPF, CNPJ, e-mail, celular com DDD ou chave aleatória'}
              value={values.chave}
              onChange={set('chave')}
              error={errors.chave}
              autoComplete="off"
            />
            <TextInput
              label="Nome do recebedor"
              description={`Até ${PIX_NAME_MAX} caracteres, sem acentos: ${pixText(values.nomeRecebedor, PIX_NAME_MAX).toUpperCase() || '—'}`}
              value={values.nomeRecebedor}
              onChange={set('nomeRecebedor')}
              error={errors.nomeRecebedor}
            />
            <TextInput
              label="Cidade"
              description={`Até ${PIX_CITY_MAX} caracteres, sem acentos: ${pixText(values.cidade, PIX_CITY_MAX).toUpperCase() || '—'}`}
              value={values.cidade}
              onChange={set('cidade')}
              error={errors.cidade}
            />
          </Stack>
        </Card>
        <Card withBorder padding="md" radius="md">
          <Radio.Group
            label="Provedor"
            value={values.provedor}
            onChange={(value) => {
              setValues((current) => ({ ...current, provedor: value as PixProvider }));
              setTestResult(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              {PIX_PROVIDERS.map((provider) => (
                <Radio key={provider} value={provider} label={PIX_PROVIDER_LABELS[provider]} />
              ))}
            </Stack>
          </Radio.Group>
          {values.provedor === 'api-pix' && (
            <Stack gap="sm" mt="md">
              <TextInput
                label="URL da API Pix"
                description="O endereço https:// da API Pix do seu banco ou PSP"
                placeholder="https://api.seupsp.com.br/v2"
                value={values.baseUrl}
                onChange={set('baseUrl')}
                error={errors.baseUrl}
                autoComplete="off"
              />
              <TextInput label="Client ID" value={values.clientId} onChange={set('clientId')} error={errors.clientId} autoComplete="off" />
              <PasswordInput
                label="Client secret"
                description={keepHint}
                value={values.clientSecret}
                onChange={set('clientSecret')}
                error={errors.clientSecret}
                autoComplete="new-password"
              />
              <Textarea
                label="Certificado (PEM)"
                description={keepHint ?? 'O certificado do cliente para mTLS, fornecido pelo PSP'}
                placeholder="-----BEGIN CERTIFICATE-----"
                autosize
                minRows={3}
                maxRows={6}
                value={values.certificadoPem}
                onChange={set('certificadoPem')}
                error={errors.certificadoPem}
                styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              />
              <Textarea
                label="Chave privada (PEM)"
                description={keepHint ?? 'A chave do certificado; fica guardada criptografada'}
                placeholder="-----BEGIN PRIVATE KEY-----"
                autosize
                minRows={3}
                maxRows={6}
                value={values.chavePem}
                onChange={set('chavePem')}
                error={errors.chavePem}
                styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              />
              <Group>
                <Button variant="light" onClick={testConnection} loading={test.isPending}>
                  Testar conexão
                </Button>
              </Group>
              {testResult && (
                <Alert color={testResult.ok ? 'teal' : 'red'} role="status" title={testResult.ok ? 'Conexão OK' : 'Falha na conexão'}>
                  {testResult.message}
                </Alert>
              )}
              <Checkbox
                label="Meu PSP oferece Pix Automático"
                description="Planos mensais viram uma autorização no banco do aluno: cada mês é debitado sozinho no vencimento."
                checked={values.pixAutomatico}
                onChange={(event) => {
                  const { checked } = event.currentTarget;
                  setValues((current) => ({ ...current, pixAutomatico: checked }));
                  setErrors((current) => ({ ...current, conta: undefined }));
                }}
              />
              {values.pixAutomatico && (
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <TextInput
                    label="Agência"
                    value={values.agencia}
                    onChange={set('agencia')}
                    error={errors.agencia}
                    inputMode="numeric"
                    autoComplete="off"
                  />
                  <TextInput
                    label="Conta"
                    description="Onde o Pix Automático cai"
                    value={values.conta}
                    onChange={set('conta')}
                    error={errors.conta}
                    autoComplete="off"
                  />
                  <Select
                    label="Tipo de conta"
                    data={CONTA_TIPOS.map((tipo) => ({ value: tipo, label: CONTA_TIPO_LABELS[tipo] }))}
                    value={values.tipoConta}
                    onChange={(value) =>
                      value && setValues((current) => ({ ...current, tipoConta: value as ContaTipo }))
                    }
                    allowDeselect={false}
                  />
                </SimpleGrid>
              )}
            </Stack>
          )}
        </Card>
        <Text size="xs" c="dimmed">
          {values.provedor === 'api-pix'
            ? 'Cada cobrança é criada no seu PSP (QR dinâmico) e o pagamento é confirmado com o PSP antes de lançar a receita e os créditos.'
            : "O QR Code é um PIX estático com o valor do plano: confira o pagamento no app do seu banco e use 'Marcar como pago' na cobrança."}
        </Text>
        <FormActions submitLabel="Salvar" pending={save.isPending} gap="md" />
      </Stack>
    </form>
  );
}
