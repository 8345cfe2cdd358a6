import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CHARGE_PARAM, NEW_CHARGE } from '../../config/paths';

/** Fetched (with its QR code library) only when a charge is being made. */
const ChargeDialog = lazy(() =>
  import('../../features/charges/components/charge-dialog').then((module) => ({ default: module.ChargeDialog })),
);

/**
 * 'Cobrança Online' over any page: `?cobranca=<student id>` (the student card's 'Cobrar') or
 * `?cobranca=nova` (the agenda's menu) opens it; closing drops the parameter.
 */
export function ChargeDialogHost() {
  const [params, setParams] = useSearchParams();
  const target = params.get(CHARGE_PARAM);
  if (!target) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHARGE_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Suspense fallback={null}>
      <ChargeDialog key={target} studentId={target === NEW_CHARGE ? null : target} onClose={close} />
    </Suspense>
  );
}
