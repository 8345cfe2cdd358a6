import { type PixSettingsView, chargesApi } from '@contracts/charges/api';
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
  type TextareaProps,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { Loaded } from '../../../components/loaded';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type FieldsProps, textField, useFormFields } from '../../../lib/use-form-fields';
import { pixSettingsQuery } from '../../../entities/pix-settings';
import { useOperation } from '../../../entities/operation';

type Field = keyof PixSettingsInput;
type TextField = Exclude<keyof Values, 'provedor' | 'pixAutomatico' | 'tipoConta'>;
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
      ? {
          agencia: optional(values.agencia),
          conta: optional(values.conta),
          tipoConta: values.tipoConta,
        }
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
      <Loaded query={settings} errorTitle="Erro ao carregar configurações">
        {(saved) => (
          // A fresher answer (the device's saved copy shows first, then the server's) starts the form anew.
          <PixSettingsForm
            key={JSON.stringify(saved)}
            saved={'chave' in saved ? saved : undefined}
          />
        )}
      </Loaded>
    </>
  );
}

/** A PEM pasted in: a few monospace lines. */
function PemInput(props: TextareaProps) {
  return (
    <Textarea
      autosize
      minRows={3}
      maxRows={6}
      styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      {...props}
    />
  );
}

function PixSettingsForm({ saved }: { saved: PixSettingsView | undefined }) {
  const { values, errors, change, setErrors } = useFormFields<Values>(() => valuesOf(saved));
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const save = useOperation(chargesApi.setPixSettings);
  const test = useOperation(chargesApi.testPixConnection);
  const keyType = normalizePixKey(values.chave)?.type;
  const secretsSaved = saved?.credenciaisSalvas === true;
  const keepHint = secretsSaved ? 'Salvo. Deixe em branco para manter.' : undefined;

  /** Any change drops the last connection test's result. */
  const form: FieldsProps<Values> = {
    values,
    errors,
    onChange: (update) => {
      change(update);
      setTestResult(null);
    },
  };
  const field = (name: TextField) => textField(form, name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = pixSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    // The promise, not mutate's callbacks: the saved answer refetches and starts the form anew
    // (its key), and callbacks of an unmounted form would never run.
    save.mutateAsync({ body }).then(
      (result) => {
        change(valuesOf(result));
        notifySuccess(
          'Chave PIX salva',
          result.provedor === 'api-pix'
            ? 'Suas cobranças saem pelo seu PSP e os pagamentos se confirmam sozinhos.'
            : 'Suas cobranças já saem com QR Code e Pix Copia e Cola.',
        );
      },
      (error: unknown) => notifyError('Erro ao salvar chave PIX', error),
    );
  };

  const testConnection = () => {
    // A field left blank is left out: the saved one is used (the secrets are write-only).
    const given = (value: string) => (value.trim() ? value : undefined);
    const { chave, baseUrl, clientId, clientSecret, certificadoPem, chavePem } = values;
    test.mutate(
      {
        body: {
          chave: given(chave),
          baseUrl: given(baseUrl),
          clientId: given(clientId),
          clientSecret: given(clientSecret),
          certificadoPem: given(certificadoPem),
          chavePem: given(chavePem),
        },
      },
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
              description={
                keyType
                  ? `Tipo: ${PIX_KEY_TYPE_LABELS[keyType]}`
                  : 'CPF, CNPJ, e-mail, celular com DDD ou chave aleatória'
              }
              {...field('chave')}
              autoComplete="off"
            />
            <TextInput
              label="Nome do recebedor"
              description={`Até ${PIX_NAME_MAX} caracteres, sem acentos: ${pixText(values.nomeRecebedor, PIX_NAME_MAX).toUpperCase() || '—'}`}
              {...field('nomeRecebedor')}
            />
            <TextInput
              label="Cidade"
              description={`Até ${PIX_CITY_MAX} caracteres, sem acentos: ${pixText(values.cidade, PIX_CITY_MAX).toUpperCase() || '—'}`}
              {...field('cidade')}
            />
          </Stack>
        </Card>
        <Card withBorder padding="md" radius="md">
          <Radio.Group
            label="Provedor"
            value={values.provedor}
            onChange={(value) =>
              form.onChange((current) => ({ ...current, provedor: value as PixProvider }))
            }
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
                {...field('baseUrl')}
                autoComplete="off"
              />
              <TextInput label="Client ID" {...field('clientId')} autoComplete="off" />
              <PasswordInput
                label="Client secret"
                description={keepHint}
                {...field('clientSecret')}
                autoComplete="new-password"
              />
              <PemInput
                label="Certificado (PEM)"
                description={keepHint ?? 'O certificado do cliente para mTLS, fornecido pelo PSP'}
                placeholder="-----BEGIN CERTIFICATE-----"
                {...field('certificadoPem')}
              />
              <PemInput
                label="Chave privada (PEM)"
                description={keepHint ?? 'A chave do certificado; fica guardada criptografada'}
                placeholder="-----BEGIN PRIVATE KEY-----"
                {...field('chavePem')}
              />
              <Group>
                <Button variant="light" onClick={testConnection} loading={test.isPending}>
                  Testar conexão
                </Button>
              </Group>
              {testResult && (
                <Alert
                  color={testResult.ok ? 'teal' : 'red'}
                  role="status"
                  title={testResult.ok ? 'Conexão OK' : 'Falha na conexão'}
                >
                  {testResult.message}
                </Alert>
              )}
              <Checkbox
                label="Meu PSP oferece Pix Automático"
                description="Planos mensais viram uma autorização no banco do aluno: cada mês é debitado sozinho no vencimento."
                checked={values.pixAutomatico}
                onChange={(event) => {
                  const { checked } = event.currentTarget;
                  change((current) => ({ ...current, pixAutomatico: checked }));
                  setErrors({ ...errors, conta: undefined });
                }}
              />
              {values.pixAutomatico && (
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <TextInput
                    label="Agência"
                    {...field('agencia')}
                    inputMode="numeric"
                    autoComplete="off"
                  />
                  <TextInput
                    label="Conta"
                    description="Onde o Pix Automático cai"
                    {...field('conta')}
                    autoComplete="off"
                  />
                  <Select
                    label="Tipo de conta"
                    data={CONTA_TIPOS.map((tipo) => ({
                      value: tipo,
                      label: CONTA_TIPO_LABELS[tipo],
                    }))}
                    value={values.tipoConta}
                    onChange={(value) =>
                      value && change((current) => ({ ...current, tipoConta: value as ContaTipo }))
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
