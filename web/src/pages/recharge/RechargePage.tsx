// The recharge page: membership, gold and characters, or the TEST checkout of an order.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { infoQueryOptions } from '../../features/account/api/get-info';
import { RechargeView } from '../../features/wallet/components/RechargeView';
import { SandboxCheckout } from '../../features/wallet/components/SandboxCheckout';
import { isRechargeTab, sandboxParams } from '../../features/wallet/display';
import { paths } from '../../lib/paths';

/**
 * Buying membership, gold and characters (?tab=member|gold|character). Opened with
 * ?sandboxOrder&token it is the TEST checkout of that order instead.
 */
export default function RechargePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Balances change elsewhere too (gifts, red packets, another device): fresh on every visit.
  const info = useQuery({ ...infoQueryOptions(), refetchOnMount: 'always' });
  const refresh = () => void info.refetch();
  const checkout = sandboxParams(params);

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
  const tab = isRechargeTab(raw) ? raw : 'member';
  return (
    <>
      <AppBar title={t('pages.recharge')} back />
      <RechargeView
        balances={info.data}
        tab={tab}
        onTab={(next) => setParams({ tab: next }, { replace: true })}
        onBalancesChanged={refresh}
      />
    </>
  );
}
