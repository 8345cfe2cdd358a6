import { TRAINER_NOT_FOUND } from '@contracts/booking/api';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useQuery } from '@tanstack/react-query';
import { publicPageQuery } from '../../../entities/public-booking';
import { TrainerCard } from '../components/trainer-card';

/** 'Personal não encontrado' (spec 001 §2, §8), for a slug no trainer has. */
export function TrainerNotFound() {
  return (
    <Card>
      <Stack align="center" gap="xs" py="lg" ta="center">
        <IconAlertTriangle size={36} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz="xl">
          {TRAINER_NOT_FOUND}
        </Title>
        <Text size="sm" c="dimmed">
          Confira o link que você recebeu do seu personal.
        </Text>
      </Stack>
    </Card>
  );
}

export function PublicLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title="Erro ao carregar a página">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}

/** /p/{tenant_slug} (public): the trainer found by the unique slug, their WhatsApp and locations. */
export function PublicTrainerPage() {
  const { tenantSlug = '' } = useParams();
  const page = useQuery(publicPageQuery(tenantSlug));
  if (page.isPending) return <PageLoader />;
  if (isApiError(page.error) && page.error.statusCode === 404) return <TrainerNotFound />;
  if (page.isError) return <PublicLoadError error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <TrainerCard
      slug={tenantSlug}
      nome={page.data.trainer.nome}
      whatsapp={page.data.trainer.whatsapp}
      enabled={page.data.enabled}
      locations={page.data.locations}
    />
  );
}
