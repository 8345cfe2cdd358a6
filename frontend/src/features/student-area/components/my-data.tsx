import { ERASURE_KEEPS } from '@contracts/students/api';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import IconFileTypePdf from '@tabler/icons-react/dist/esm/icons/IconFileTypePdf.mjs';
import IconJson from '@tabler/icons-react/dist/esm/icons/IconJson.mjs';
import IconUserX from '@tabler/icons-react/dist/esm/icons/IconUserX.mjs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { ownConsentsQuery } from '../../../entities/student-area';
import { errorMessage } from '../../../lib/api-error';
import { itemsOf } from '../../../lib/contract-query';
import { formatDate, formatDateTimeInZone } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownloadOwnData } from '../api/student-area-mutations';
import { useOperation } from '../../../entities/operation';
import { studentAreaApi } from '@contracts/student-area/api';

const consentText = (dados: boolean, termos: boolean) =>
  [dados && 'consentiu com o tratamento dos seus dados', termos && 'aceitou os termos']
    .filter(Boolean)
    .join(' e ');

/** The consents the student gave: each contract signed, its version and when. */
function Consents() {
  const consents = useQuery({ ...ownConsentsQuery(), select: itemsOf });
  if (consents.isPending) return <PageLoader />;
  if (consents.isError)
    return (
      <Alert color="red" title="Erro ao carregar consentimentos">
        {errorMessage(consents.error)}
      </Alert>
    );
  if (consents.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhum consentimento dado ainda.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {consents.data.map((consent) => (
        <li key={consent.signatureId} data-testid="consentimento">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {consent.titulo} · versão {consent.versao}
          </Text>
          <Text size="xs" c="dimmed">
            Assinado em {formatDateTimeInZone(consent.signedAt)}:{' '}
            {consentText(consent.consentDataProcessing, consent.consentTerms)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/**
 * 'Meus dados' (LGPD): what the Vira holds about the student to download, the consents they gave,
 * and their request that it be erased (the trainer confirms).
 */
export function MyData({ exclusaoPedidaEm }: { exclusaoPedidaEm: string | null }) {
  const download = useDownloadOwnData();
  const requestErasure = useOperation(studentAreaApi.requestErasure);
  const [asking, setAsking] = useState(false);
  const save = (formato: 'json' | 'pdf') =>
    download.mutate(formato, {
      onError: (error) => notifyError('Erro ao baixar seus dados', error),
    });
  const ask = () =>
    requestErasure.mutate(
      {},
      {
        onSuccess: () => {
          notifySuccess('Pedido enviado', 'Seu personal foi avisado e vai confirmar a exclusão.');
          setAsking(false);
        },
        onError: (error) => {
          notifyError('Erro ao pedir a exclusão', error);
          setAsking(false);
        },
      },
    );

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Meus dados
        </Title>
        <Text size="sm" c="dimmed">
          Tudo o que o Vira guarda sobre você: em JSON, completo, ou em PDF, para ler.
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconJson size={16} />}
            loading={download.isPending && download.variables === 'json'}
            onClick={() => save('json')}
          >
            Baixar meus dados (JSON)
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            loading={download.isPending && download.variables === 'pdf'}
            onClick={() => save('pdf')}
          >
            Baixar meus dados (PDF)
          </Button>
        </Group>
        <Title order={3} fz="md" mt="xs">
          Consentimentos
        </Title>
        <Consents />
        {exclusaoPedidaEm ? (
          <Alert color="orange" title={`Exclusão pedida em ${formatDate(exclusaoPedidaEm)}`}>
            Seu personal foi avisado e vai confirmar a exclusão dos seus dados.
          </Alert>
        ) : (
          <div>
            <Button
              color="red"
              variant="light"
              leftSection={<IconUserX size={16} />}
              onClick={() => setAsking(true)}
            >
              Pedir exclusão dos meus dados
            </Button>
          </div>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title="Pedir exclusão dos meus dados"
        confirmLabel="Pedir exclusão"
        onConfirm={ask}
        pending={requestErasure.isPending}
      >
        <Text size="sm">
          Seu personal recebe o pedido e confirma a exclusão. Depois dela, seu nome, contatos, CPF e
          acesso ao app deixam de existir no Vira.
        </Text>
        <Text size="sm">{ERASURE_KEEPS}</Text>
      </ConfirmDialog>
    </Card>
  );
}
