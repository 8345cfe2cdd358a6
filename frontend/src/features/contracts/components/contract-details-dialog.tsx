import { CONTRACT_TYPE_LABELS, type Contract, type ContractSignature } from '@contracts/agreements/api';
import { Alert, Badge, Button, Card, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTimeInZone } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useQuery } from '@tanstack/react-query';
import { contractSignaturesQuery } from '../../../entities/contracts';
import { itemsOf } from '../../../lib/contract-query';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { downloadSignedCopy } from '../api/contract-mutations';

function SignatureRow({ signature }: { signature: ContractSignature }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadSignedCopy(signature.contractId, signature.id)
      .catch((error: unknown) => notifyError('Erro ao baixar a via assinada', error))
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder padding="sm" data-testid="assinatura">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{signature.nome}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTimeInZone(signature.signedAt)} · versão {signature.versao}
          </Text>
          <Text size="xs" c="dimmed">
            CPF {signature.cpf} · {signature.telefone}
          </Text>
          <Text size="xs" c="dimmed">
            IP {signature.ipAddress ?? 'não informado'}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            SHA-256 {signature.sha256}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          onClick={download}
        >
          PDF
        </Button>
      </Group>
    </Card>
  );
}

function Signatures({ contractId }: { contractId: string }) {
  const signatures = useQuery({ ...contractSignaturesQuery(contractId), select: itemsOf });
  if (signatures.isPending) return <PageLoader />;
  if (signatures.isError)
    return (
      <Alert color="red" title="Erro ao carregar assinaturas">
        {errorMessage(signatures.error)}
      </Alert>
    );
  if (signatures.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Ninguém assinou este contrato ainda.
      </Text>
    );
  return (
    <Stack gap="xs">
      {[...signatures.data].reverse().map((signature) => (
        <SignatureRow key={signature.id} signature={signature} />
      ))}
    </Stack>
  );
}

/** A contract's text and who signed it when (every version), each with its signed copy. */
export function ContractDetailsDialog({ contract, opened, onClose }: TargetDialogProps<'contract', Contract>) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contract?.titulo ?? 'Contrato'}
      size="lg"
      centered
    >
      {contract && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{CONTRACT_TYPE_LABELS[contract.tipo]}</Badge>
            <Badge variant="light" color="gray">
              Versão {contract.versao}
            </Badge>
          </Group>
          <ScrollArea.Autosize mah={384} type="auto" offsetScrollbars>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {contract.conteudo}
            </Text>
          </ScrollArea.Autosize>
          <Title order={3} fz="md">
            Assinaturas ({contract.assinaturasTotal})
          </Title>
          {opened && <Signatures contractId={contract.id} />}
        </Stack>
      )}
    </Modal>
  );
}
