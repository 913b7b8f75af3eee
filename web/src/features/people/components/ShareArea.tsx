// Sharing my area with people nearby: the button that asks the browser for the position (only
// when tapped), and Settings' switch to stop or start sharing.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Switch } from '../../../components/Switch';
import { showToast } from '../../../lib/toast';
import { useShareArea } from '../api/nearby';
import { NoPosition, type PositionFailure, askPosition } from '../geolocation';

const FAILURES = {
  denied: 'nearby.denied',
  unavailable: 'nearby.unavailable',
  unsupported: 'nearby.unsupported',
} as const satisfies Record<PositionFailure, string>;

/** Asks the browser for the position and shares its area; what went wrong, when it did. */
function useShareMyArea(onShared?: () => void) {
  const share = useShareArea();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<PositionFailure | null>(null);
  const start = async () => {
    setFailure(null);
    setAsking(true);
    try {
      const position = await askPosition();
      await share.mutateAsync(position);
      onShared?.();
      return true;
    } catch (error) {
      if (error instanceof NoPosition) setFailure(error.reason);
      return false;
    } finally {
      setAsking(false);
    }
  };
  return { start, busy: asking || share.isPending, failure };
}

/** "Share my area", and why it did not work when it did not. */
export function ShareAreaButton({ onShared }: { onShared?: () => void }) {
  const { t } = useTranslation();
  const { start, busy, failure } = useShareMyArea(onShared);
  return (
    <div className="nearby-share">
      <Button onClick={() => void start()} loading={busy} data-testid="share-area">
        {t('nearby.shareButton')}
      </Button>
      {failure && (
        <p className="nearby-failure" role="alert" data-testid="share-area-failure">
          {t(FAILURES[failure])}
        </p>
      )}
    </div>
  );
}

/** Settings' switch: on shares my area (asking for the position), off forgets it. */
export function ShareAreaSwitch({
  sharing,
  onChanged,
}: {
  /** Whether I share my area now (getInfo's `sharesArea`); unknown while it loads. */
  sharing: boolean | undefined;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const share = useShareArea();
  const { start, busy, failure } = useShareMyArea(onChanged);
  const change = (on: boolean) => {
    if (on) {
      void start().then((shared) => {
        if (shared) showToast(t('nearby.shared'), 'success');
      });
      return;
    }
    share.mutate(
      { off: true },
      {
        onSuccess: () => {
          showToast(t('nearby.stopped'), 'success');
          onChanged?.();
        },
      },
    );
  };
  return (
    <div className="settings-block" style={{ marginTop: 12 }}>
      <Switch
        label={t('nearby.settingLabel')}
        hint={t('nearby.settingHint')}
        checked={sharing === true}
        disabled={sharing === undefined || busy || share.isPending}
        onChange={change}
        data-testid="share-area-switch"
      />
      {failure && (
        <p className="nearby-failure" role="alert">
          {t(FAILURES[failure])}
        </p>
      )}
    </div>
  );
}
