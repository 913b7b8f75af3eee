import { act, fireEvent, render, screen } from '@testing-library/react';
import { notePushMoment } from '../../../lib/push-moments';

/** A browser that can show notifications and has not been answered yet. */
function browser(answer: NotificationPermission) {
  const notification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  return notification;
}

/** The asker, fresh: it asks at most once a visit. */
async function renderAsker() {
  vi.resetModules();
  const { default: PushAsker } = await import('./PushAsker');
  const moments = await import('../../../lib/push-moments');
  render(<PushAsker />);
  return moments.notePushMoment as typeof notePushMoment;
}

// Without a loaded language, t() answers the key: the assertions name the strings by key.
const sheet = () => screen.queryByRole('dialog', { name: 'notify.askTitle' });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('asking to turn on notifications', () => {
  it('never asks on its own, only after a moment that makes sense', async () => {
    browser('granted');
    const note = await renderAsker();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sheet()).toBeNull();

    act(() => note('messageSent'));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(sheet()).not.toBeNull();
    expect(screen.getByText('notify.askBody')).toBeTruthy();
  });

  it('remembers Not now and does not ask again in this visit', async () => {
    const notification = browser('granted');
    const note = await renderAsker();
    act(() => note('match'));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    fireEvent.click(screen.getByRole('button', { name: 'notify.notNow' }));
    expect(sheet()).toBeNull();
    expect(JSON.parse(localStorage.getItem('pushAsk') ?? '{}').notNowAt).toBeTypeOf('number');
    expect(notification.requestPermission).not.toHaveBeenCalled();

    act(() => note('messageSent'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(sheet()).toBeNull();
  });

  it('does not ask within days of a Not now', async () => {
    browser('granted');
    localStorage.setItem('pushAsk', JSON.stringify({ notNowAt: Date.now() - 86_400_000 }));
    const note = await renderAsker();
    act(() => note('messageSent'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(sheet()).toBeNull();
  });

  it('waits for another dialog to close first', async () => {
    browser('granted');
    const note = await renderAsker();
    const other = document.createElement('dialog');
    other.setAttribute('open', '');
    document.body.append(other);
    act(() => note('match'));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(sheet()).toBeNull();
    other.remove();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(sheet()).not.toBeNull();
  });

  it("shows how to allow them again when the browser's prompt is refused", async () => {
    const notification = browser('denied');
    const note = await renderAsker();
    act(() => note('messageSent'));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    fireEvent.click(screen.getByRole('button', { name: 'notify.turnOn' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'notify.blockedTitle' })).toBeTruthy();
    expect(screen.getByTestId('push-blocked-howto').textContent).toContain('notify.blockedStep2');
  });
});
