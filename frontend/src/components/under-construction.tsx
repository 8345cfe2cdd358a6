import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconBarrierBlock from '@tabler/icons-react/dist/esm/icons/IconBarrierBlock.mjs';
import { PageHeader, type PageHeaderProps } from './page-header';

/** Honest placeholder for an area that is not built yet: no sample data. */
export function UnderConstruction() {
  return (
    <Card>
      <Stack align="center" gap="xs" py="xl" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconBarrierBlock size={28} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          Em construção
        </Title>
        <Text c="dimmed" size="sm" maw={380}>
          Esta área ainda está sendo construída e ficará disponível em breve.
        </Text>
      </Stack>
    </Card>
  );
}

export function UnderConstructionPage(props: PageHeaderProps) {
  return (
    <>
      <PageHeader {...props} />
      <UnderConstruction />
    </>
  );
}
