import { AUTOMATIC_DEBIT_LABEL } from '@contracts/charges/api';
import type { StudentArea } from '@contracts/student-area/api';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { copyText } from '../../../lib/clipboard';
import { formatCurrency, formatDate } from '../../../lib/format';

type PendingCharge = StudentArea['cobrancas'][number];

function ChargeRow({ charge }: { charge: PendingCharge }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    // The browser refused: the code in the toast, to select by hand.
    if (await copyText(charge.brCode)) setCopied(true);
    else notifications.show({ color: 'yellow', title: 'Copie o código', message: charge.brCode });
  };
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" component="li" aria-label={`${charge.descricao}, ${formatCurrency(charge.valor)}`}>
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{charge.descricao}</Text>
        <Group gap={6}>
          <Text size="sm">{formatCurrency(charge.valor)}</Text>
          {charge.vencimento && (
            <Text size="sm" c="dimmed">
              · vence {formatDate(charge.vencimento)}
            </Text>
          )}
          {charge.diasEmAtraso > 0 && (
            <Badge color="red" variant="light">
              {charge.diasEmAtraso === 1 ? 'Em atraso há 1 dia' : `Em atraso há ${charge.diasEmAtraso} dias`}
            </Badge>
          )}
        </Group>
      </div>
      {charge.pagamento === 'pix-automatico' ? (
        <Badge color="indigo" variant="light">
          {AUTOMATIC_DEBIT_LABEL}
        </Badge>
      ) : charge.brCode ? (
        <Button size="xs" variant={copied ? 'light' : 'filled'} onClick={() => void copy()}>
          {copied ? 'Código copiado!' : 'Copiar código PIX'}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          Combine o pagamento com seu personal.
        </Text>
      )}
    </Group>
  );
}

/**
 * What the student has to pay (plans, late-cancel fees): each with its 'Pix Copia e Cola', or
 * debited by their bank (Pix Automático).
 */
export function PendingCharges({ charges }: { charges: PendingCharge[] }) {
  if (charges.length === 0) return null;
  return (
    <Card>
      <Title order={2} fz="lg" mb="sm">
        Pagamentos pendentes
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Pagamentos pendentes">
        {charges.map((charge) => (
          <ChargeRow key={charge.id} charge={charge} />
        ))}
      </Stack>
    </Card>
  );
}
