import { VERSION, compareVersions, isNewer, isVersion } from './version';

describe('versions', () => {
  it('order by their numbers, not as text', () => {
    expect(compareVersions('1.0.17', '1.0.16')).toBeGreaterThan(0);
    expect(compareVersions('1.0.9', '1.0.10')).toBeLessThan(0);
    expect(compareVersions('1.10.0', '1.9.99')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '1.99.99')).toBeGreaterThan(0);
  });

  it('treat missing parts as zero and ignore a leading v and build metadata', () => {
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(compareVersions('v1.0.16', '1.0.16')).toBe(0);
    expect(compareVersions('1.0.16+build.7', '1.0.16')).toBe(0);
    expect(compareVersions('1.0.16.1', '1.0.16')).toBeGreaterThan(0);
  });

  it('put a pre-release before its release', () => {
    expect(compareVersions('1.0.17-beta', '1.0.17')).toBeLessThan(0);
    expect(compareVersions('1.0.17-beta', '1.0.16')).toBeGreaterThan(0);
    expect(compareVersions('1.0.17-alpha', '1.0.17-beta')).toBeLessThan(0);
    expect(compareVersions('1.0.17-beta.2', '1.0.17-beta.11')).toBeLessThan(0);
    expect(compareVersions('1.0.17-1', '1.0.17-alpha')).toBeLessThan(0);
  });

  it('never take a string that is not a version for a newer one', () => {
    expect(isVersion('latest')).toBe(false);
    expect(isVersion('1.x')).toBe(false);
    expect(isNewer('latest')).toBe(false);
    expect(isNewer('')).toBe(false);
    expect(compareVersions('1.0.0', 'garbage')).toBeGreaterThan(0);
  });

  it('compare with this build by default', () => {
    expect(isNewer(VERSION)).toBe(false);
    expect(isNewer('99.0.0')).toBe(true);
    expect(isNewer('1.0.15')).toBe(false);
  });
});
