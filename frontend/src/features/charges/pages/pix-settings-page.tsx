import { PIX_CITY_MAX, PIX_KEY_TYPE_LABELS, PIX_NAME_MAX, type PixSettingsInput, pixSettingsSchema, normalizePixKey, pixText } from '@contracts/pix';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePixSettings, useSavePixSettings } from '../api/charges';

type Field = keyof PixSettingsInput;

/** /ajustes/pix: the key, receiver's name and city every charge's BR Code carries. */
export function PixSettingsPage() {
  const settings = usePixSettings();
  return (
    <>
      <PageHeader title="Recebimento por PIX" backTo={paths.settings} />
      {settings.isPending && <PageLoader />}
      {settings.isError && (
        <LoadError title="Erro ao carregar configurações" error={settings.error} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && (
        <PixSettingsForm
          initial={'chave' in settings.data ? settings.data : { chave: '', nomeRecebedor: '', cidade: '' }}
        />
      )}
    </>
  );
}

function PixSettingsForm({ initial }: { initial: PixSettingsInput }) {
  const [values, setValues] = useState<PixSettingsInput>({
    chave: initial.chave,
    nomeRecebedor: initial.nomeRecebedor,
    cidade: initial.cidade,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSavePixSettings();
  const keyType = normalizePixKey(values.chave)?.type;

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pixSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues({ chave: saved.chave, nomeRecebedor: saved.nomeRecebedor, cidade: saved.cidade });
        notifySuccess('Chave PIX salva', 'Suas cobranças já saem com QR Code e Pix Copia e Cola.');
      },
      onError: (error) => notifyError('Erro ao salvar chave PIX', error),
    });
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
        <Text size="xs" c="dimmed">
          O QR Code é um PIX estático com o valor do plano: confira o pagamento no app do seu banco e use
          'Marcar como pago' na cobrança.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
