import {
  BOOKING_FAILED,
  BOOKING_RETRY,
  NOT_TAKING_BOOKINGS,
  type PublicBookingAnswer,
  publicBookingApi,
} from '@contracts/booking/api';
import { SLOT_TAKEN, type OpenSlot } from '@contracts/scheduling/api';
import { Alert, Anchor, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { publicPageQuery, publicSlotsQuery } from '../../../entities/public-booking';
import { type PublicBookingRequest, publicBookingInput } from '../api/public-booking-mutations';
import { BookingConfirmation } from '../components/booking-confirmation';
import { BookingForm } from '../components/booking-form';
import { SlotPicker } from '../components/slot-picker';
import { slotLabel } from '@contracts/scheduling/slot-days';
import { PublicLoadError, TrainerNotFound } from './public-trainer-page';
import { useOperation } from '../../../entities/operation';

function NotTakingBookings({ slug }: { slug: string }) {
  return (
    <Alert color="yellow" title="Agendamento online indisponível">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{NOT_TAKING_BOOKINGS}</Text>
        <Anchor
          component={Link}
          to={paths.publicBooking(slug)}
          size="sm"
          c="inherit"
          underline="always"
        >
          Ver a página do personal
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * /p/{tenant_slug}/{location_id} (public): the open slots of the location for the next days, the
 * booking form (nome + WhatsApp), the confirmation with an .ics and a WhatsApp link to the trainer;
 * 'Erro ao agendar' with a retry when the booking fails, and a fresh list when the slot was taken.
 */
export function PublicLocationPage() {
  const { tenantSlug = '', locationId = '' } = useParams();
  const page = useQuery(publicPageQuery(tenantSlug));
  const slots = useQuery(publicSlotsQuery(tenantSlug, locationId));
  const book = useOperation(publicBookingApi.book);
  const [selected, setSelected] = useState<OpenSlot | null>(null);
  const [booked, setBooked] = useState<{ answer: PublicBookingAnswer; visitor: string } | null>(
    null,
  );
  const [lastRequest, setLastRequest] = useState<PublicBookingRequest | null>(null);
  const [takenNotice, setTakenNotice] = useState(false);

  if (page.isPending) return <PageLoader />;
  if (isApiError(page.error) && page.error.statusCode === 404) return <TrainerNotFound />;
  if (page.isError)
    return <PublicLoadError error={page.error} onRetry={() => void page.refetch()} />;
  const { trainer } = page.data;
  if (!page.data.enabled || isApiError(slots.error, 'booking_disabled'))
    return <NotTakingBookings slug={tenantSlug} />;
  const location = page.data.locations.find((candidate) => candidate.id === locationId);
  if (!location || (isApiError(slots.error) && slots.error.statusCode === 404))
    return (
      <Alert color="red" title="Local não encontrado">
        <Anchor component={Link} to={paths.publicBooking(tenantSlug)} size="sm">
          Ver os locais de {trainer.nome}
        </Anchor>
      </Alert>
    );

  if (booked)
    return (
      <BookingConfirmation
        booking={booked.answer}
        trainer={trainer}
        visitor={booked.visitor}
        onAnother={() => {
          setBooked(null);
          setSelected(null);
          book.reset();
        }}
      />
    );

  const send = (request: PublicBookingRequest) => {
    setLastRequest(request);
    setTakenNotice(false);
    book.mutate(publicBookingInput(tenantSlug, request), {
      onSuccess: (answer) => {
        setBooked({ answer, visitor: request.nome.trim() });
        // The slot is taken now: the page's own read, which no change reaches a visitor for.
        void slots.refetch();
      },
      onError: (error) => {
        if (isApiError(error, 'slot_taken')) {
          setSelected(null);
          setTakenNotice(true);
          book.reset();
          // Lost to someone else: the slots changed.
          void slots.refetch();
        }
      },
    });
  };

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={paths.publicBooking(tenantSlug)} size="sm">
            {trainer.nome}
          </Anchor>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Agende seu treino
          </Title>
          <Group gap={6} mt={4} wrap="nowrap">
            <IconMapPin size={16} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text size="sm" c="dimmed">
              {location.nome}
              {location.endereco ? ` · ${location.endereco}` : ''}
            </Text>
          </Group>
        </div>
        {takenNotice && (
          <Alert
            color="orange"
            title="Horário indisponível"
            onClose={() => setTakenNotice(false)}
            withCloseButton
          >
            {SLOT_TAKEN.message}
          </Alert>
        )}
        {slots.isPending ? (
          <PageLoader />
        ) : slots.isError ? (
          <PublicLoadError error={slots.error} onRetry={() => void slots.refetch()} />
        ) : (
          <SlotPicker
            slots={slots.data.items}
            selected={selected?.inicio ?? null}
            onSelect={(slot) => {
              setSelected(slot);
              setTakenNotice(false);
              book.reset();
            }}
          />
        )}
        {selected && (
          <>
            <Divider />
            <div>
              <Text size="sm" c="dimmed">
                Horário escolhido
              </Text>
              <Text fw={600} data-testid="chosen-slot">
                {slotLabel(selected)}
              </Text>
            </div>
            {book.isError && lastRequest && (
              <Alert color="red" title={BOOKING_FAILED}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {isApiError(book.error) ? errorMessage(book.error) : BOOKING_RETRY}
                  </Text>
                  <Button size="xs" variant="light" color="red" onClick={() => send(lastRequest)}>
                    Tentar novamente
                  </Button>
                </Stack>
              </Alert>
            )}
            <BookingForm
              submitting={book.isPending}
              onSubmit={(visitor) => send({ locationId, inicio: selected.inicio, ...visitor })}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
