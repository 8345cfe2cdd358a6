import { NOT_TAKING_BOOKINGS } from '@contracts/booking/api';
import { formatPhone, whatsappUrl } from '@contracts/shared/br-documents';
import { Alert, Anchor, Box, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

const ROW_STYLE = {
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-md)',
};

export interface TrainerCardProps {
  slug: string;
  nome: string;
  whatsapp: string | null;
  enabled: boolean;
  locations: { id: string; nome: string; endereco: string | null }[];
  /** In the /link-publico preview the links lead nowhere. */
  preview?: boolean;
}

/** The trainer's public page (/p/{slug}) and its preview in /link-publico. */
export function TrainerCard({ slug, nome, whatsapp, enabled, locations, preview }: TrainerCardProps) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }} withBorder={preview}>
      <Stack gap="lg">
        <div>
          <Text size="sm" c="dimmed">
            Agende seu treino com
          </Text>
          <Title order={preview ? 2 : 1} fz={{ base: 24, sm: 28 }}>
            {nome}
          </Title>
          {whatsapp && (
            <Button
              component="a"
              href={preview ? undefined : whatsappUrl(whatsapp, `Olá, ${nome}! Vi sua página de agendamento.`)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="teal"
              mt="sm"
              leftSection={<IconBrandWhatsapp size={18} />}
            >
              {formatPhone(whatsapp)}
            </Button>
          )}
        </div>
        {!enabled ? (
          <Alert color="yellow" title="Agendamento online indisponível">
            {NOT_TAKING_BOOKINGS}
          </Alert>
        ) : locations.length === 0 ? (
          <Text c="dimmed">Nenhum local disponível para agendamento no momento.</Text>
        ) : (
          <Stack gap="xs">
            <Text fw={600}>Escolha o local</Text>
            {locations.map((location) => {
              const row = (
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconMapPin size={20} color="var(--mantine-color-teal-6)" aria-hidden />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {location.nome}
                      </Text>
                      {location.endereco && (
                        <Text size="sm" c="dimmed" truncate>
                          {location.endereco}
                        </Text>
                      )}
                    </div>
                  </Group>
                  <IconChevronRight size={18} aria-hidden />
                </Group>
              );
              return preview ? (
                <Box key={location.id} p="md" style={ROW_STYLE}>
                  {row}
                </Box>
              ) : (
                <UnstyledButton
                  key={location.id}
                  component={Link}
                  to={paths.publicBookingLocation(slug, location.id)}
                  aria-label={`Agendar em ${location.nome}`}
                  p="md"
                  style={ROW_STYLE}
                >
                  {row}
                </UnstyledButton>
              );
            })}
          </Stack>
        )}
        {!preview && (
          <Text size="xs" c="dimmed">
            Agendamento feito pelo <Anchor component={Link} to={paths.auth} size="xs" underline="always">Vira</Anchor>.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
