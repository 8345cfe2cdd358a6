import { CONTRACT_MESSAGES, CONTRACT_STATUS_LABELS, type StudentContract } from '@contracts/agreements/api';
import { Alert, Badge, Button, Card, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconSignature from '@tabler/icons-react/dist/esm/icons/IconSignature.mjs';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTimeInZone } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { useQuery } from '@tanstack/react-query';
import { ownContractsQuery } from '../../../entities/student-area';
import { itemsOf } from '../../../lib/contract-query';
import { downloadOwnSignedCopy } from '../api/student-area-mutations';
import { SignContractDialog } from './sign-contract-dialog';

function DownloadButton({ contract }: { contract: StudentContract }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadOwnSignedCopy(contract.id)
          .catch((error: unknown) => notifyError('Erro ao baixar a via assinada', error))
          .finally(() => setBusy(false));
      }}
    >
      Baixar via assinada
    </Button>
  );
}

/** The student's contracts: 'Aguardando Assinatura' to read and sign, 'Assinado' with the signed copy. */
export function OwnContracts() {
  const contracts = useQuery({ ...ownContractsQuery(), select: itemsOf });
  const signing = useDialogTarget<StudentContract>();
  const reading = useDialogTarget<StudentContract>();

  return (
    <Card>
      <Title order={2} fz="lg" mb="sm">
        Contratos e termos
      </Title>
      {contracts.isPending ? (
        <PageLoader />
      ) : contracts.isError ? (
        <Alert color="red" title={CONTRACT_MESSAGES.loadError}>
          {errorMessage(contracts.error)}
        </Alert>
      ) : contracts.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum contrato para assinar.
        </Text>
      ) : (
        <Stack gap="sm">
          {contracts.data.map((contract) => (
            <Card key={contract.id} withBorder padding="sm" data-testid="contrato-aluno">
              <Group justify="space-between" align="center" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {contract.titulo}
                  </Text>
                  {contract.signedAt && (
                    <Text size="xs" c="dimmed">
                      Assinado em {formatDateTimeInZone(contract.signedAt)}
                    </Text>
                  )}
                </Stack>
                <Group gap={6} wrap="nowrap">
                  {!contract.ativo && (
                    <Badge color="gray" variant="light">
                      Inativo
                    </Badge>
                  )}
                  <Badge color={contract.status === 'assinado' ? 'green' : 'yellow'} variant="light">
                    {CONTRACT_STATUS_LABELS[contract.status]}
                  </Badge>
                </Group>
              </Group>
              <Group gap="xs" mt="sm">
                {contract.status === 'pendente' ? (
                  <Button size="xs" leftSection={<IconSignature size={16} />} onClick={() => signing.open(contract)}>
                    Ler e assinar
                  </Button>
                ) : (
                  <>
                    <Button size="xs" variant="default" onClick={() => reading.open(contract)}>
                      Ler
                    </Button>
                    <DownloadButton contract={contract} />
                  </>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <SignContractDialog contract={signing.target} opened={signing.opened} onClose={signing.close} />
      <Modal
        opened={reading.opened}
        onClose={reading.close}
        title={reading.target?.titulo}
        size="lg"
        centered
      >
        <ScrollArea.Autosize mah={480} type="auto" offsetScrollbars>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {reading.target?.conteudo}
          </Text>
        </ScrollArea.Autosize>
      </Modal>
    </Card>
  );
}
