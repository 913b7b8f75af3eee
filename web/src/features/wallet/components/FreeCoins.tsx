// Free coins: the daily claim, and the watch reward after a short (simulated) video.
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { CheckIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { ApiError } from '../../../lib/request';
import { showToast } from '../../../lib/toast';
import { type ClaimKind, useClaimCoins } from '../api/claim-coins';
import type { Claimed } from '../api/types';
import { CalendarIcon, CoinIcon, PlayIcon } from './icons';

/** How long the reward video runs before its coins can be claimed. */
export const WATCH_SECONDS = 5;

type WatchPhase =
  | { kind: 'playing'; left: number }
  | { kind: 'claiming' }
  | { kind: 'done'; claimed: Claimed }
  | { kind: 'refused'; message: string };

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}

function WatchDialog({
  onClose,
  onClaimed,
}: {
  onClose: () => void;
  onClaimed: (claimed: Claimed) => void;
}) {
  const { t } = useTranslation();
  const { mutate: claim } = useClaimCoins();
  const [phase, setPhase] = useState<WatchPhase>({ kind: 'playing', left: WATCH_SECONDS });
  const left = phase.kind === 'playing' ? phase.left : 0;

  const claimReward = useEffectEvent(() => {
    setPhase({ kind: 'claiming' });
    claim('watch', {
      onSuccess: (claimed) => {
        setPhase({ kind: 'done', claimed });
        onClaimed(claimed);
      },
      onError: (err) => setPhase({ kind: 'refused', message: errorText(err, t('errors.generic')) }),
    });
  });

  // One tick a second; when the video has run, its coins are claimed.
  useEffect(() => {
    if (phase.kind !== 'playing') return;
    const timer = setTimeout(() => {
      if (phase.left > 1) setPhase({ kind: 'playing', left: phase.left - 1 });
      else claimReward();
    }, 1000);
    return () => clearTimeout(timer);
  }, [phase]);

  const progress = phase.kind === 'playing' ? 1 - left / WATCH_SECONDS : 1;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('wallet.watchTitle')}
      actions={
        <Button
          variant={phase.kind === 'done' ? 'primary' : 'outline'}
          onClick={onClose}
          disabled={phase.kind === 'claiming'}
        >
          {phase.kind === 'playing' ? t('common.cancel') : t('common.close')}
        </Button>
      }
    >
      <div className="watch-screen" data-testid="watch-screen">
        {phase.kind === 'done' ? (
          <div className="watch-reward" role="status">
            <CoinIcon size={36} />
            <strong>{t('wallet.plusCoins', { amount: formatNumber(phase.claimed.coins) })}</strong>
            <span>{t('wallet.balanceNow', { amount: formatNumber(phase.claimed.balance) })}</span>
          </div>
        ) : phase.kind === 'refused' ? (
          <p className="watch-refused" role="alert">
            {phase.message}
          </p>
        ) : (
          <>
            <span className="watch-play" aria-hidden="true">
              <PlayIcon size={34} />
            </span>
            <p className="watch-count" role="timer" aria-live="polite">
              {phase.kind === 'playing'
                ? t('wallet.watchLeft', { count: left })
                : t('wallet.watchClaiming')}
            </p>
            <span className="watch-bar" aria-hidden="true">
              <span style={{ width: `${Math.round(progress * 100)}%` }} />
            </span>
          </>
        )}
      </div>
    </Dialog>
  );
}

export function FreeCoins({ onClaimed }: { onClaimed: () => void }) {
  const { t } = useTranslation();
  const claim = useClaimCoins();
  const [claimedToday, setClaimedToday] = useState<Claimed | null>(null);
  const [note, setNote] = useState<Partial<Record<ClaimKind, string>>>({});
  const [watching, setWatching] = useState(false);

  const daily = () => {
    setNote((n) => ({ ...n, claim: undefined }));
    claim.mutate('claim', {
      onSuccess: (claimed) => {
        setClaimedToday(claimed);
        showToast(t('wallet.plusCoins', { amount: formatNumber(claimed.coins) }), 'success');
        onClaimed();
      },
      onError: (err) => setNote((n) => ({ ...n, claim: errorText(err, t('errors.generic')) })),
    });
  };

  return (
    <section className="free-coins" aria-labelledby="free-coins-title" data-testid="free-coins">
      <h2 id="free-coins-title" className="wallet-section-title">
        {t('wallet.freeCoins')}
      </h2>
      <ul className="list">
        <li className="free-row">
          <span className="free-art">
            <CalendarIcon size={22} />
          </span>
          <span className="grow">
            <strong>{t('wallet.dailyTitle')}</strong>
            <span className="free-note" role={note.claim ? 'alert' : undefined}>
              {note.claim ??
                (claimedToday
                  ? t('wallet.claimedToday', { amount: formatNumber(claimedToday.coins) })
                  : t('wallet.dailyBody'))}
            </span>
          </span>
          {claimedToday ? (
            <span className="badge badge-success">
              <CheckIcon size={14} />
              {t('wallet.claimed')}
            </span>
          ) : (
            <Button small onClick={daily} loading={claim.isPending}>
              {t('wallet.claim')}
            </Button>
          )}
        </li>
        <li className="free-row">
          <span className="free-art">
            <PlayIcon size={22} />
          </span>
          <span className="grow">
            <strong>{t('wallet.watchTitle')}</strong>
            <span className="free-note">{t('wallet.watchBody')}</span>
          </span>
          <Button small variant="secondary" onClick={() => setWatching(true)}>
            {t('wallet.watch')}
          </Button>
        </li>
      </ul>
      {watching && <WatchDialog onClose={() => setWatching(false)} onClaimed={onClaimed} />}
    </section>
  );
}
