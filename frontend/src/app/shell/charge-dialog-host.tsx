import { useSearchParams } from 'react-router-dom';
import { CHARGE_PARAM, NEW_CHARGE } from '../../config/paths';
import { ChargeDialog } from '../../features/charges/components/charge-dialog';


/**
 * Loaded by the shell only while the address has `?cobranca=` (with the dialog and, once a charge
 * is made, its QR code library). 'Cobrança Online' over any page: `?cobranca=<student id>` (the student card's 'Cobrar') or
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
  return <ChargeDialog key={target} studentId={target === NEW_CHARGE ? null : target} onClose={close} />;
}
