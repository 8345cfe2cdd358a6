import type { Student } from '@contracts/students/api';
import { Button, Group } from '@mantine/core';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconShare from '@tabler/icons-react/dist/esm/icons/IconShare.mjs';
import { useState } from 'react';
import { fetchReceipt as fetchReceiptFile } from '../../../entities/transactions';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { whatsappUrl } from '@contracts/shared/br-documents';

/** 'Baixar recibo' (the PDF) and 'Enviar recibo' (the phone's share sheet with the file, else WhatsApp). */
export function ReceiptActions({ transactionId, student }: { transactionId: string; student: Pick<Student, 'nome' | 'whatsapp' | 'telefone'> }) {
  const [busy, setBusy] = useState(false);
  const fetchReceipt = () => fetchReceiptFile(transactionId);

  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await fetchReceipt();
      saveFile(blob, filename ?? 'recibo.pdf');
    } catch (error) {
      notifyError('Erro ao baixar recibo', error);
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    try {
      const { blob, filename } = await fetchReceipt();
      const file = new File([blob], filename ?? 'recibo.pdf', { type: 'application/pdf' });
      if (navigator.canShare?.({ files: [file] })) {
        await navigator.share({ files: [file], title: 'Recibo' });
        return;
      }
      saveFile(blob, file.name);
      window.open(whatsappUrl(student.whatsapp ?? student.telefone, `Olá, ${student.nome}! Segue o recibo do seu pagamento (${file.name}).`), '_blank', 'noopener');
    } catch (error) {
      if ((error as { name?: string }).name !== 'AbortError') notifyError('Erro ao enviar recibo', error);
    }
  };

  return (
    <Group gap="xs" mt="sm">
      <Button size="xs" variant="white" leftSection={<IconDownload size={14} />} loading={busy} onClick={() => void download()}>
        Baixar recibo
      </Button>
      <Button size="xs" variant="white" color="green" leftSection={<IconShare size={14} />} onClick={() => void share()}>
        Enviar recibo
      </Button>
    </Group>
  );
}
