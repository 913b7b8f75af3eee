import { formatRelativeTime } from './format';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relative times', () => {
  afterEach(() => localStorage.clear());

  it('read naturally in English', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(59.8 * 60), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
  });

  it('follow the interface language', () => {
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' }));
    expect(formatRelativeTime(ago(2 * 3600), now)).toBe('2 時間前');
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'German', abbr: 'ge' }));
    expect(formatRelativeTime(ago(2 * 3600), now)).toBe('vor 2 Stunden');
  });

  it('give nothing for an unreadable time', () => {
    expect(formatRelativeTime('not a time', now)).toBe('');
  });
});
