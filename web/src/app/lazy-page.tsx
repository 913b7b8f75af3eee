// Lazy pages (SPEC section 2): each route is its own chunk; the loading view appears only after
// 200 ms; a page that has not arrived after 60 s, or whose chunk failed to download, shows a
// view with a Retry button.
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  lazy,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../components/Button';

export const LOADING_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;

export class PageLoadError extends Error {
  readonly kind: 'timeout' | 'failed';
  constructor(kind: 'timeout' | 'failed', cause?: unknown) {
    super(kind === 'timeout' ? 'Loading chunk timed out' : 'Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

type Module = { default: ComponentType };

export function withTimeout(load: Promise<Module>, ms: number): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadError('timeout')), ms);
    load.then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new PageLoadError('failed', err));
      },
    );
  });
}

export function DelayedLoading({ delayMs = LOADING_DELAY_MS }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="center-view" data-testid="page-loading">
      <Spinner large label={t('common.loading')} />
    </div>
  );
}

export function PageLoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const timeout = error instanceof PageLoadError && error.kind === 'timeout';
  return (
    <div className="center-view" role="alert" data-testid="page-load-error">
      <h2>{timeout ? t('loader.timeoutTitle') : t('loader.failedTitle')}</h2>
      <p>{timeout ? t('loader.timeoutBody') : t('loader.failedBody')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof PageLoadError)) console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      return (
        <PageLoadFailure
          error={this.state.error}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** Wraps a page's dynamic import into a route element with loading, time-out and retry. */
export function lazyPage(load: () => Promise<Module>, timeoutMs = PAGE_TIMEOUT_MS) {
  const create = () => lazy(() => withTimeout(load(), timeoutMs));
  const pages = [create()];

  function LazyRoute() {
    const [attempt, setAttempt] = useState(() => pages.length - 1);
    const Page = pages[attempt] ?? pages[pages.length - 1];
    if (!Page) return null;
    return (
      <PageErrorBoundary
        key={attempt}
        onRetry={() => {
          pages.push(create());
          setAttempt(pages.length - 1);
        }}
      >
        <Suspense fallback={<DelayedLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyRoute;
}
