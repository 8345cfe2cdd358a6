import { Button, Center, Stack, Text, Title } from '@mantine/core';
import IconHome from '@tabler/icons-react/dist/esm/icons/IconHome.mjs';
import { Link } from 'react-router-dom';
import { BrandMark } from '../components/brand-mark';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="md" maw={420}>
        <BrandMark size={48} />
        <Text fw={800} fz={72} lh={1} c="teal">
          404
        </Text>
        <Title order={1} fz="xl">
          Página não encontrada
        </Title>
        <Text c="dimmed">O endereço que você acessou não existe ou foi movido.</Text>
        <Button component={Link} to={paths.dashboard} leftSection={<IconHome size={18} />} size="md">
          Voltar para o início
        </Button>
      </Stack>
    </Center>
  );
}
