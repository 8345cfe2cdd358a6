import type { OpenSlot } from '@contracts/scheduling/api';
import { slotDays } from '@contracts/scheduling/slot-days';
import { NO_CREDITS, studentAreaApi } from '@contracts/student-area/api';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CreditBadge } from '../../../components/credit-badge';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatDateTimeInZone } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useQuery } from '@tanstack/react-query';
import {
  studentAreaQuery,
  studentLocationsQuery,
  studentSlotsQuery,
} from '../../../entities/student-area';
import { itemsOf } from '../../../lib/contract-query';
import { useMe } from '../../../entities/me';
import { useOperation } from '../../../entities/operation';

function Slots({ locationId, onPick }: { locationId: string; onPick: (slot: OpenSlot) => void }) {
  const slots = useQuery({ ...studentSlotsQuery(locationId), select: itemsOf });
  if (slots.isPending) return <PageLoader />;
  if (slots.isError)
    return (
      <Alert color="red" title="Erro ao carregar horários">
        {errorMessage(slots.error)}
      </Alert>
    );
  if (slots.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        Nenhum horário livre nos próximos dias. Fale com seu personal pelo WhatsApp.
      </Text>
    );
  return (
    <Stack gap="md">
      {slotDays(slots.data).map((day) => (
        <div key={day.date} role="group" aria-label={day.label}>
          <Text fw={600} size="sm" mb={6}>
            {day.label}
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {day.slots.map((slot) => (
              <Button
                key={slot.inicio}
                variant="default"
                aria-label={`${day.label}, ${slot.time}`}
                onClick={() => onPick(slot)}
              >
                {slot.time}
              </Button>
            ))}
          </SimpleGrid>
        </div>
      ))}
    </Stack>
  );
}

/**
 * /agenda/{personalId} for a student (and 'Agendar treino' in /aluno): the open slots at the
 * trainer's locations — the same slot engine as the public page — booked with a credit.
 */
/** '1 reservado para sessão agendada' / '2 reservados para sessões agendadas'. */
const reservedLabel = (reserved: number) =>
  reserved === 1
    ? '1 reservado para sessão agendada'
    : `${reserved} reservados para sessões agendadas`;

export function StudentSchedulingPage() {
  const { personalId } = useParams();
  const navigate = useNavigate();
  const area = useQuery(studentAreaQuery());
  const me = useMe();
  const locations = useQuery({ ...studentLocationsQuery(), select: itemsOf });
  const [chosen, setChosen] = useState<string | null>(null);
  const [picked, setPicked] = useState<OpenSlot | null>(null);
  const book = useOperation(studentAreaApi.book);

  const locationId = chosen ?? locations.data?.[0]?.id ?? null;
  const location = locations.data?.find((item) => item.id === locationId);
  const noCredits = area.data !== undefined && area.data.creditosLivres <= 0;

  const confirm = () => {
    if (!picked || !locationId) return;
    book.mutate(
      { body: { locationId, inicio: picked.inicio } },
      {
        onSuccess: () => {
          notifySuccess(
            'Sessão agendada',
            `${formatDateTimeInZone(picked.inicio)} em ${location?.nome ?? 'seu local'}.`,
          );
          setPicked(null);
          void navigate(paths.studentArea);
        },
        onError: (error) => {
          setPicked(null);
          notifyError(
            isApiError(error, 'slot_taken') ? 'Horário indisponível' : 'Erro ao agendar',
            error,
          );
        },
      },
    );
  };

  if (area.isPending || locations.isPending || me.isPending) return <PageLoader />;
  if (area.isError || locations.isError)
    return (
      <Alert color="red" title="Erro ao carregar">
        {errorMessage(area.error ?? locations.error)}
      </Alert>
    );
  // The trainer's link names their public slug (links sent before named the tenant's id).
  if (personalId !== area.data.trainer.slug && personalId !== me.data?.tenantId)
    return (
      <Card>
        <Stack align="center" ta="center" gap="sm">
          <Title order={1} fz="xl">
            Personal não encontrado
          </Title>
          <Text c="dimmed">Você agenda com o seu personal, {area.data.trainer.nome}.</Text>
          <Button component={Link} to={paths.studentScheduling(area.data.trainer.slug)}>
            Agendar com {area.data.trainer.nome}
          </Button>
        </Stack>
      </Card>
    );

  return (
    <>
      <PageHeader
        title="Agendar treino"
        description={`com ${area.data.trainer.nome}`}
        backTo={paths.studentArea}
      />
      <Stack gap="md">
        <Card>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Seus créditos
            </Text>
            <CreditBadge creditos={area.data.creditos} />
          </Group>
          {area.data.creditosLivres < area.data.creditos && (
            <Text size="sm" c="dimmed" mt={4}>
              {reservedLabel(area.data.creditos - area.data.creditosLivres)}
            </Text>
          )}
          {noCredits && (
            <Alert
              mt="sm"
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title={NO_CREDITS.message}
            >
              {area.data.creditos > 0
                ? 'Seus créditos já estão reservados para as sessões agendadas. Fale com seu personal para renovar o plano antes de agendar outra.'
                : 'Fale com seu personal para renovar o plano antes de agendar.'}
            </Alert>
          )}
        </Card>
        {locations.data.length === 0 ? (
          <Card>
            <Text c="dimmed">Seu personal ainda não tem locais de atendimento.</Text>
          </Card>
        ) : (
          <Card>
            <Stack gap="md">
              {locations.data.length > 1 && (
                <SegmentedControl
                  fullWidth
                  data={locations.data.map((item) => ({ value: item.id, label: item.nome }))}
                  value={locationId ?? undefined}
                  onChange={setChosen}
                  aria-label="Local"
                />
              )}
              {location && (
                <div>
                  <Text fw={600}>{location.nome}</Text>
                  {location.endereco && (
                    <Text size="sm" c="dimmed">
                      {location.endereco}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" mt={4}>
                    Cancelamento sem custo até {location.politica.cancelLimiteHoras} horas antes
                    {location.politica.queimaCredito
                      ? '; depois disso, 1 crédito é descontado.'
                      : '.'}
                  </Text>
                </div>
              )}
              {locationId && <Slots locationId={locationId} onPick={setPicked} />}
            </Stack>
          </Card>
        )}
      </Stack>
      <Modal
        opened={picked !== null}
        onClose={() => setPicked(null)}
        title="Confirmar agendamento"
        centered
      >
        {picked && (
          <Stack gap="md">
            <Text size="sm">
              Agendar <b>{formatDateTimeInZone(picked.inicio)}</b> em <b>{location?.nome}</b>? O
              crédito é descontado quando a sessão for realizada.
            </Text>
            {noCredits && (
              <Alert color="red" title={NO_CREDITS.message}>
                Sem crédito livre, o agendamento é recusado.
              </Alert>
            )}
            <FormActions
              onCancel={() => setPicked(null)}
              cancelLabel="Voltar"
              submitLabel="Agendar"
              onSubmit={confirm}
              pending={book.isPending}
            />
          </Stack>
        )}
      </Modal>
    </>
  );
}
