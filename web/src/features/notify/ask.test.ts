import { ASK_AGAIN_AFTER_DAYS, mayAsk, readAskMemory, rememberNotNow } from './ask';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 1, 12);

beforeEach(() => localStorage.clear());

describe('when to ask to turn on notifications', () => {
  it('asks someone the browser has not asked yet', () => {
    expect(mayAsk('default', readAskMemory(), NOW)).toBe(true);
  });

  it('never asks where the browser has been answered, or cannot show notifications', () => {
    for (const permission of ['granted', 'denied', 'unsupported'] as const) {
      expect(mayAsk(permission, {}, NOW)).toBe(false);
    }
  });

  it('remembers Not now, and asks again only some days later', () => {
    rememberNotNow(NOW);
    const memory = readAskMemory();
    expect(memory).toEqual({ notNowAt: NOW });
    expect(mayAsk('default', memory, NOW + DAY)).toBe(false);
    expect(mayAsk('default', memory, NOW + (ASK_AGAIN_AFTER_DAYS * DAY - 1))).toBe(false);
    expect(mayAsk('default', memory, NOW + ASK_AGAIN_AFTER_DAYS * DAY)).toBe(true);
  });

  it('does not ask sooner because the clock was set back', () => {
    rememberNotNow(NOW);
    expect(mayAsk('default', readAskMemory(), NOW - DAY)).toBe(false);
  });

  it('reads a damaged memory as none', () => {
    localStorage.setItem('pushAsk', '{"notNowAt":"yesterday"}');
    expect(readAskMemory()).toEqual({});
    localStorage.setItem('pushAsk', 'not json');
    expect(readAskMemory()).toEqual({});
  });
});
