// Opening a red packet: the sender's blessing and an Open button; the coins are mine once claimed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { formatNumber } from '../../../i18n/format';
import { ApiError } from '../../../lib/request';
import { useClaimRedPacket } from '../api/red-packet';
import type { RedPacketContent } from '../api/types';
import { CoinIcon } from './icons';
import { Dialog } from '../../../components/Dialog';

export function RedPacketDialog({
  packet,
  senderName,
  onClose,
  onClaimed,
}: {
  packet: RedPacketContent | null;
  senderName: string;
  onClose: () => void;
  onClaimed: (id: number, amount: number) => void;
}) {
  const { t } = useTranslation();
  const claim = useClaimRedPacket();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const close = () => {
    setResult(null);
    claim.reset();
    onClose();
  };
  const open = () => {
    const id = packet?.redPacketId;
    if (id == null || !packet) return;
    claim.mutate(id, {
      onSuccess: ({ coins }) => {
        setResult({
          ok: true,
          text: t('wallet.plusCoins', { amount: formatNumber(coins) }),
        });
        onClaimed(id, coins);
      },
      onError: (err) =>
        setResult({
          ok: false,
          text: err instanceof ApiError && err.message ? err.message : t('errors.generic'),
        }),
    });
  };

  return (
    <Dialog
      open={packet !== null}
      onClose={close}
      title={t('wallet.packetFrom', { name: senderName })}
      className="packet-dialog"
    >
      {packet && (
        <div className="packet-open">
          <p className="packet-open-blessing">{packet.blessing || t('wallet.defaultBlessing')}</p>
          {result ? (
            <div
              className={result.ok ? 'packet-open-result ok' : 'packet-open-result'}
              role={result.ok ? 'status' : 'alert'}
              data-testid="packet-result"
            >
              {result.ok && <CoinIcon size={30} />}
              <strong>{result.text}</strong>
              {result.ok && <span>{t('wallet.addedToBalance')}</span>}
            </div>
          ) : (
            <button
              type="button"
              className="packet-open-btn"
              onClick={open}
              disabled={claim.isPending}
              aria-busy={claim.isPending || undefined}
            >
              {t('wallet.open')}
            </button>
          )}
          <Button variant="ghost" className="packet-close" onClick={close}>
            {t('common.close')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
