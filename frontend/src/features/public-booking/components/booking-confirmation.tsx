import { bookingIcs, type PublicBookingAnswer } from '@contracts/booking/api';
import { whatsappUrl } from '@contracts/shared/br-documents';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconCalendarDown from '@tabler/icons-react/dist/esm/icons/IconCalendarDown.mjs';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { saveFile } from '../../../lib/save-file';
import { slotLabel } from '@contracts/scheduling/slot-days';

export interface BookingConfirmationProps {
  booking: PublicBookingAnswer;
  trainer: { nome: string; whatsapp: string | null };
  visitor: string;
  onAnother: () => void;
}

/** After a booking: what, when and where, the .ics to add it to a calendar, and WhatsApp to the trainer. */
export function BookingConfirmation({ booking, trainer, visitor, onAnother }: BookingConfirmationProps) {
  const when = slotLabel(booking);
  const downloadIcs = () =>
    saveFile(
      new Blob(
        [
          bookingIcs({
            id: booking.id,
            inicio: booking.inicio,
            fim: booking.fim,
            titulo: `Treino com ${trainer.nome}`,
            local: booking.local.nome,
          }),
        ],
        { type: 'text/calendar;charset=utf-8' },
      ),
      'treino.ics',
    );
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Alert color="teal" icon={<IconCheck size={18} />} title="Horário reservado!">
          Seu treino com {trainer.nome} está reservado e aguarda a confirmação do personal.
        </Alert>
        <div>
          <Title order={2} fz="lg">
            {when}
          </Title>
          <Text c="dimmed">{booking.local.nome}</Text>
        </div>
        <Button leftSection={<IconCalendarDown size={18} />} variant="light" onClick={downloadIcs}>
          Adicionar à minha agenda (.ics)
        </Button>
        {trainer.whatsapp && (
          <Button
            component="a"
            href={whatsappUrl(
              trainer.whatsapp,
              `Olá, ${trainer.nome}! Sou ${visitor} e acabei de agendar um treino: ${when}, em ${booking.local.nome}.`,
            )}
            target="_blank"
            rel="noopener noreferrer"
            color="teal"
            leftSection={<IconBrandWhatsapp size={18} />}
          >
            Avisar o personal no WhatsApp
          </Button>
        )}
        <Button variant="subtle" onClick={onAnother}>
          Agendar outro horário
        </Button>
      </Stack>
    </Card>
  );
}
