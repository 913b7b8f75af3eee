import { ignoreRelease } from './use-message-actions';

/** Dispatches an event on the page as the browser would, and says whether it reached the page. */
function reaches(type: string): boolean {
  let reached = false;
  const listen = () => {
    reached = true;
  };
  document.body.addEventListener(type, listen);
  document.body.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
  document.body.removeEventListener(type, listen);
  return reached;
}

describe('the finger that held a long press', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('chooses nothing when it lifts: its release and the click made of it are swallowed', () => {
    ignoreRelease();
    expect(reaches('pointerup')).toBe(false);
    expect(reaches('touchend')).toBe(false);
    expect(reaches('mouseup')).toBe(false);
    expect(reaches('click')).toBe(false);
    // Shortly after the release, taps count again.
    vi.advanceTimersByTime(500);
    expect(reaches('click')).toBe(true);
  });

  it('lets the next touch through at once', () => {
    ignoreRelease();
    expect(reaches('pointerdown')).toBe(true);
    expect(reaches('pointerup')).toBe(true);
    expect(reaches('click')).toBe(true);
  });

  it('waits for the release however long the finger stays down', () => {
    ignoreRelease();
    vi.advanceTimersByTime(5_000);
    expect(reaches('click')).toBe(false);
    reaches('pointerdown');
  });
});
