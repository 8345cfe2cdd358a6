import { Image, Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A Pix code (BR Code, or the composite QR of Pix Automático) as a QR image: SVG, sharp at any size,
 * drawn by a library fetched only when a QR is shown.
 */
export function PixQrCode({ code, alt, size }: { code: string; alt: string; size: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [code]);
  if (src === null) return <Skeleton w={size} h={size} mx="auto" aria-label="Gerando QR Code" />;
  if (src === '') return <Text size="sm" c="dimmed">Não foi possível desenhar o QR Code: use o Pix Copia e Cola.</Text>;
  return <Image src={src} alt={alt} w={size} h={size} mx="auto" />;
}
