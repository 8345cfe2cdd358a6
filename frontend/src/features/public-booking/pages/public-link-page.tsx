import {
  LINK_LIMITS,
  type PublicLinkSettings,
  publicLinkSettingsSchema,
  whatsappSchema,
  publicLinkApi,
} from '@contracts/booking/api';
import { formatPhone } from '@contracts/shared/br-documents';
import type { Location } from '@contracts/locations/api';
import {
  ActionIcon,
  Card,
  Code,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import IconExternalLink from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { locationsQuery } from '../../../entities/locations';
import { copyText } from '../../../lib/clipboard';
import { itemsOf } from '../../../lib/contract-query';
import { useAwaitingFreshRead } from '../../../lib/form-from-server';
import { useMe } from '../../../entities/me';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { publicLinkSettingsQuery } from '../../../entities/public-link';
import { TrainerCard } from '../components/trainer-card';
import { PhoneInput } from '../../../components/phone-input';
import { useOperation } from '../../../entities/operation';

type NumberField = 'daysAhead' | 'bufferMinutes' | 'slotMinutes' | 'maxPerDay';

const NUMBER_FIELDS: { field: NumberField; label: string; suffix?: string; step: number }[] = [
  { field: 'daysAhead', label: 'Dias à frente', step: 1 },
  { field: 'slotMinutes', label: 'Duração da sessão', suffix: ' min', step: 15 },
  { field: 'bufferMinutes', label: 'Intervalo entre sessões', suffix: ' min', step: 5 },
  { field: 'maxPerDay', label: 'Máximo de horários por dia', step: 1 },
];

function LinkToCopy({ url }: { url: string }) {
  const copy = async () => {
    if (await copyText(url)) notifySuccess('Link copiado!');
    else
      notifications.show({
        color: 'yellow',
        message: 'Não foi possível copiar: selecione o link e copie.',
      });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Code
        block
        tabIndex={0}
        data-testid="public-link"
        style={{ flex: 1, minWidth: 0, overflowX: 'auto', whiteSpace: 'nowrap' }}
      >
        {url}
      </Code>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label="Copiar link"
        title="Copiar"
        onClick={() => void copy()}
      >
        <IconCopy size={18} />
      </ActionIcon>
      <ActionIcon
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        size="lg"
        aria-label="Abrir página pública"
        title="Abrir"
      >
        <IconExternalLink size={18} />
      </ActionIcon>
    </Group>
  );
}

function PublicLinkForm({
  saved,
  locations,
  slug,
  nome,
}: {
  saved: PublicLinkSettings;
  locations: Location[];
  slug: string;
  nome: string;
}) {
  const [values, setValues] = useState({
    ...saved,
    whatsapp: saved.whatsapp && formatPhone(saved.whatsapp),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof PublicLinkSettings, string>>>({});
  const save = useOperation(publicLinkApi.save);
  const active = locations.filter((location) => location.ativo);
  const chosen = values.locationIds ?? active.map((location) => location.id);
  const url = `${window.location.origin}${paths.publicBooking(slug)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = publicLinkSettingsSchema.safeParse(values);
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues)
        found[issue.path[0] as keyof PublicLinkSettings] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { body: checked.data },
      {
        onSuccess: () => notifySuccess('Configurações salvas'),
        onError: (error) =>
          notifyError('Erro ao salvar', error, 'Não foi possível salvar as configurações.'),
      },
    );
  };

  const toggleLocation = (id: string, on: boolean) => {
    const next = on
      ? [...new Set([...chosen, id])]
      : chosen.filter((candidate) => candidate !== id);
    // Every active location chosen is "all of them" (new ones included).
    const all = active.every((location) => next.includes(location.id));
    setValues({ ...values, locationIds: all ? null : next });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Card withBorder>
            <Stack gap="sm">
              <Text fw={600}>Seu link</Text>
              <LinkToCopy url={url} />
              <Switch
                label="Agendamento online ativo"
                description="Desligado, a página pública avisa que você não está recebendo agendamentos online e não mostra seu WhatsApp."
                checked={values.enabled}
                onChange={(event) => setValues({ ...values, enabled: event.currentTarget.checked })}
              />
              <PhoneInput
                label="WhatsApp na página"
                description="Opcional: o número que os visitantes veem para falar com você."
                autoComplete="off"
                value={values.whatsapp ?? ''}
                error={errors.whatsapp}
                onChange={(typed) => {
                  setErrors({ ...errors, whatsapp: undefined });
                  setValues({ ...values, whatsapp: typed || null });
                }}
              />
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="sm">
              <Text fw={600}>Horários oferecidos</Text>
              <SimpleGrid cols={2} spacing="sm">
                {NUMBER_FIELDS.map(({ field, label, suffix, step }) => (
                  <NumberInput
                    key={field}
                    label={label}
                    suffix={suffix}
                    step={step}
                    min={LINK_LIMITS[field].min}
                    max={LINK_LIMITS[field].max}
                    allowDecimal={false}
                    value={values[field]}
                    error={errors[field]}
                    onChange={(value) =>
                      setValues({
                        ...values,
                        [field]: typeof value === 'number' ? value : Number.NaN,
                      })
                    }
                  />
                ))}
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                Dentro da sua disponibilidade (9h às 17h enquanto você não configurar), sem choques
                com suas sessões e fora das férias.
              </Text>
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="xs">
              <Text fw={600}>Locais oferecidos</Text>
              {active.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Cadastre um local ativo para receber agendamentos.
                </Text>
              ) : (
                active.map((location) => (
                  <Switch
                    key={location.id}
                    size="sm"
                    label={location.nome}
                    checked={chosen.includes(location.id)}
                    onChange={(event) => toggleLocation(location.id, event.currentTarget.checked)}
                  />
                ))
              )}
              {errors.locationIds && (
                <Text size="sm" c="red">
                  {errors.locationIds}
                </Text>
              )}
            </Stack>
          </Card>
          <FormActions submitLabel="Salvar" pending={save.isPending} gap="md" />
        </Stack>
      </form>
      <Stack gap="xs">
        <Title order={2} fz="md">
          Prévia da página pública
        </Title>
        <TrainerCard
          preview
          slug={slug}
          nome={nome}
          whatsapp={
            values.enabled ? (whatsappSchema.safeParse(values.whatsapp).data ?? null) : null
          }
          enabled={values.enabled}
          locations={active.filter((location) => chosen.includes(location.id))}
        />
      </Stack>
    </SimpleGrid>
  );
}

/** /link-publico: the public booking link, its settings (persisted) and a preview of the page. */
export function PublicLinkPage() {
  const settings = useQuery(publicLinkSettingsQuery());
  const locations = useQuery({ ...locationsQuery(), select: itemsOf });
  const me = useMe();
  const awaitingFreshRead = useAwaitingFreshRead(settings);
  const loading = settings.isPending || locations.isPending || me.isPending || awaitingFreshRead;
  return (
    <>
      <PageHeader
        title="Link Público"
        description="Sua página de agendamento online"
        backTo={paths.settings}
      />
      {loading ? (
        <PageLoader />
      ) : settings.isError || locations.isError || me.isError ? (
        <LoadError
          title="Erro ao carregar o link público"
          error={settings.error ?? locations.error ?? me.error}
          onRetry={() => {
            void settings.refetch();
            void locations.refetch();
          }}
        />
      ) : (
        <PublicLinkForm
          saved={settings.data}
          locations={locations.data}
          slug={me.data.tenantSlug}
          nome={me.data.nome}
        />
      )}
    </>
  );
}
