import { act, render, screen } from '@testing-library/react';
import { DelayedLoading, PageLoadError, withTimeout } from './lazy-page';

describe('lazy pages', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the loading view only after 200 ms', () => {
    vi.useFakeTimers();
    render(<DelayedLoading />);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByTestId('page-loading')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('page-loading')).toBeTruthy();
  });

  it('gives up on a chunk after the time-out', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const loading = withTimeout(never, 60_000);
    const check = expect(loading).rejects.toMatchObject({ kind: 'timeout' });
    vi.advanceTimersByTime(60_000);
    await check;
  });

  it('turns a failed import into a chunk-load error', async () => {
    const failed = withTimeout(Promise.reject(new TypeError('Failed to fetch')), 60_000);
    await expect(failed).rejects.toBeInstanceOf(PageLoadError);
    await expect(failed).rejects.toMatchObject({ kind: 'failed', name: 'ChunkLoadError' });
  });
});
