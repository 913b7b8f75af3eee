import type { SoftwareVersion } from './api/types';
import { getVersions } from './api/versions';
import { checkedVersions, laterVersions, putOff } from './update-check';
import { CHECK_EVERY_MS } from './update-offer';

vi.mock('./api/versions', () => ({ getVersions: vi.fn() }));
const fetchVersions = vi.mocked(getVersions);

const v = (version: string): SoftwareVersion => ({
  id: 1,
  version,
  platform: 'web',
  notes: '',
  url: null,
  mandatory: false,
  releasedAt: '2026-11-25 08:00:00',
});

describe('the version check', () => {
  beforeEach(() => {
    localStorage.clear();
    fetchVersions.mockReset();
  });

  it('asks the server, then answers from the kept list for an hour', async () => {
    fetchVersions.mockResolvedValue([v('1.0.17')]);
    const start = 1_000_000;
    expect(await checkedVersions(start)).toEqual([v('1.0.17')]);
    fetchVersions.mockResolvedValue([v('1.0.18')]);
    expect(await checkedVersions(start + CHECK_EVERY_MS - 1)).toEqual([v('1.0.17')]);
    expect(fetchVersions).toHaveBeenCalledTimes(1);
    expect(await checkedVersions(start + CHECK_EVERY_MS)).toEqual([v('1.0.18')]);
    expect(fetchVersions).toHaveBeenCalledTimes(2);
  });

  it('keeps what it knew when the server cannot be reached, and waits an hour to ask again', async () => {
    fetchVersions.mockResolvedValueOnce([v('1.0.17')]);
    await checkedVersions(0);
    fetchVersions.mockRejectedValueOnce(new Error('offline'));
    expect(await checkedVersions(CHECK_EVERY_MS)).toEqual([v('1.0.17')]);
    expect(await checkedVersions(CHECK_EVERY_MS + 10)).toEqual([v('1.0.17')]);
    expect(fetchVersions).toHaveBeenCalledTimes(2);
  });
});

describe('Later', () => {
  beforeEach(() => localStorage.clear());

  it('is remembered per version, the last ten', () => {
    expect(laterVersions()).toEqual([]);
    putOff('1.0.17');
    putOff('1.0.17');
    putOff('1.0.18');
    expect(laterVersions()).toEqual(['1.0.17', '1.0.18']);
    for (let i = 0; i < 12; i += 1) putOff(`2.0.${i}`);
    expect(laterVersions()).toHaveLength(10);
    expect(laterVersions().at(-1)).toBe('2.0.11');
  });

  it('ignores a stored value that is not a list of versions', () => {
    localStorage.setItem('updateLater', '{"x":1}');
    expect(laterVersions()).toEqual([]);
  });
});
