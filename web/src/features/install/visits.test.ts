import { bannerDue, countVisit, dismissBanner, markBannerShown, readBannerMemory } from './visits';

/** A browsing session: a new tab, or the app started again. */
function newSession(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}

beforeEach(() => localStorage.clear());

describe('the install banner', () => {
  it('counts a visit once per browsing session, not at each reload', () => {
    const tab = newSession();
    expect(countVisit(tab)).toBe(1);
    expect(countVisit(tab)).toBe(1);
    expect(countVisit(newSession())).toBe(2);
  });

  it('waits for the second visit', () => {
    countVisit(newSession());
    expect(bannerDue(readBannerMemory(), true)).toBe(false);
    countVisit(newSession());
    expect(bannerDue(readBannerMemory(), true)).toBe(true);
  });

  it('shows only where the app can be installed', () => {
    countVisit(newSession());
    countVisit(newSession());
    expect(bannerDue(readBannerMemory(), false)).toBe(false);
  });

  it('shows in one visit only, all through it', () => {
    countVisit(newSession());
    const second = newSession();
    countVisit(second);
    markBannerShown();
    // A reload in the same visit: still there.
    countVisit(second);
    expect(bannerDue(readBannerMemory(), true)).toBe(true);
    countVisit(newSession());
    expect(bannerDue(readBannerMemory(), true)).toBe(false);
  });

  it('waits for a visit where the app can be installed, then shows that once', () => {
    countVisit(newSession());
    countVisit(newSession());
    // The second visit offered nothing: no showing was used up.
    countVisit(newSession());
    expect(bannerDue(readBannerMemory(), true)).toBe(true);
  });

  it('never shows again once closed', () => {
    countVisit(newSession());
    countVisit(newSession());
    markBannerShown();
    dismissBanner();
    expect(bannerDue(readBannerMemory(), true)).toBe(false);
  });
});
