import type { PaymentMethod } from '@contracts/finance/api';
import IconCash from '@tabler/icons-react/dist/esm/icons/IconCash.mjs';
import IconCreditCard from '@tabler/icons-react/dist/esm/icons/IconCreditCard.mjs';
import IconQrcode from '@tabler/icons-react/dist/esm/icons/IconQrcode.mjs';

const ICONS = { pix: IconQrcode, cartao_credito: IconCreditCard, dinheiro: IconCash } as const;

export function PaymentMethodIcon({ method, size = 16 }: { method: PaymentMethod; size?: number }) {
  const Glyph = ICONS[method];
  return <Glyph size={size} aria-hidden />;
}
