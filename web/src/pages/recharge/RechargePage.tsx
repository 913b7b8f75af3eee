// The recharge page: membership, gold and characters, the buyer back from a provider's checkout,
// or the TEST checkout of an order.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { infoQueryOptions } from '../../features/account/api/get-info';
import { RechargeView } from '../../features/wallet/components/RechargeView';
import { SandboxCheckout } from '../../features/wallet/components/SandboxCheckout';
import {
  type ProviderReturn,
  isRechargeTab,
  providerReturn,
  sandboxParams,
  withoutProviderReturn,
} from '../../features/wallet/display';
import { paths } from '../../lib/paths';

/**
 * Buying membership, gold and characters (?tab=member|gold|character). Opened with ?payReturn or
 * ?payCancel (back from PayPal or Stripe) it settles that order, and takes those parameters out
 * of the address at once so that a reload does not settle it again. Opened with
 * ?sandboxOrder&token it is the TEST checkout of that order instead.
 */
export default function RechargePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Balances change elsewhere too (gifts, red packets, another device): fresh on every visit.
  const info = useQuery({ ...infoQueryOptions(), refetchOnMount: 'always' });
  const refresh = () => void info.refetch();
  const checkout = sandboxParams(params);
  const found = providerReturn(params);
  const [returned, setReturned] = useState<ProviderReturn | null>(found);
  if (found && JSON.stringify(found) !== JSON.stringify(returned)) setReturned(found);
  useEffect(() => {
    const rest = withoutProviderReturn(params);
    if (rest) setParams(rest, { replace: true });
  }, [params, setParams]);

  if (checkout) {
    return (
      <>
        <AppBar title={t('wallet.sandboxPageTitle')} back={paths.recharge} />
        <div className="page wallet-page">
          <SandboxCheckout
            key={checkout.orderId}
            checkout={checkout}
            balances={info.data}
            onBalancesChanged={refresh}
          />
        </div>
      </>
    );
  }

  const raw = params.get('tab');
  const tab = isRechargeTab(raw) ? raw : null;
  return (
    <>
      <AppBar title={t('pages.recharge')} back />
      <RechargeView
        balances={info.data}
        tab={tab}
        onTab={(next) => setParams({ tab: next }, { replace: true })}
        onBalancesChanged={refresh}
        providerReturn={returned}
        onReturnClosed={() => setReturned(null)}
      />
    </>
  );
}
