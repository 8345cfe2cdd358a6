import { Button, Card, Center, Code, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Spec 000 §8: an unhandled routing failure shows 'Unexpected Application Error!' and the status or message. */
export function RouteErrorPage() {
  const error = useRouteError();

  return (
    <Center mih="100dvh" p="md">
      <Card maw={520} w="100%">
        <Stack gap="sm">
          <Title order={1} fz="xl">
            Unexpected Application Error!
          </Title>
          <Code block fz="sm">
            {describeRouteError(error)}
          </Code>
          <Text c="dimmed" size="sm">
            Tente recarregar a página. Se o problema continuar, fale com o suporte.
          </Text>
          <Button onClick={() => window.location.reload()} variant="light" w="fit-content">
            Recarregar
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
