// Sending the buyer to an order's checkout.
import { useNavigate } from 'react-router';
import { checkoutTarget } from '../display';

/** Sends the buyer to an order's checkout: in the app for our own TEST page, else away. */
export function useGoToCheckout() {
  const navigate = useNavigate();
  return (checkoutUrl: string): boolean => {
    const target = checkoutTarget(checkoutUrl, window.location.origin);
    if (!target) return false;
    if ('inApp' in target) navigate(target.inApp);
    else window.location.assign(target.external);
    return true;
  };
}
