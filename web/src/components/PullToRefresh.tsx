// Pull-down refresh for touch screens: pulling past the threshold at the top of the page calls
// onRefresh and shows progress until it settles.
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const THRESHOLD = 70;
const MAX_PULL = 110;

export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const run = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
    } catch {
      // The request helper already told the person.
    } finally {
      setRefreshing(false);
      setPull(0);
    }
  };

  const height = refreshing ? 48 : pull;
  return (
    <div
      className="ptr"
      data-testid="pull-to-refresh"
      onTouchStart={(e) => {
        const touch = e.touches[0];
        start.current = window.scrollY <= 0 && touch && !refreshing ? touch.clientY : null;
      }}
      onTouchMove={(e) => {
        const touch = e.touches[0];
        if (start.current == null || !touch) return;
        const dy = touch.clientY - start.current;
        setPull(dy > 0 ? Math.min(MAX_PULL, dy * 0.55) : 0);
      }}
      onTouchEnd={() => {
        if (start.current == null) return;
        start.current = null;
        if (pull >= THRESHOLD) void run();
        else setPull(0);
      }}
    >
      <div className="ptr-indicator" style={{ height }} aria-live="polite">
        {refreshing ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {t('common.refreshing')}
          </>
        ) : pull > 0 ? (
          pull >= THRESHOLD ? (
            t('common.releaseToRefresh')
          ) : (
            t('common.pullToRefresh')
          )
        ) : null}
      </div>
      {children}
    </div>
  );
}
