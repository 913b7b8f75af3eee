// The web app is sent compressed, as built: the brotli or gzip copy beside each file, with the
// headers that say so. The bundle budget (scripts/bundle-size.mjs) measures these same copies.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { here, skipSplash, url } from './helpers';

// The build the server serves (global-setup.ts): AMORA_E2E_DIST, or web/dist.
const dist = process.env.AMORA_E2E_DIST ?? path.join(here, '..', 'dist');

/** The raw answer to a GET: status, headers and the bytes as they came over the wire. */
function fetchRaw(
  address: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(address, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

function entryScript(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((m) => m.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  return entry.file;
}

test('the app script is sent as its brotli or gzip copy, and plain to who asks nothing @desktop', async ({
  page: _page,
}) => {
  const file = entryScript();
  const plain = fs.readFileSync(path.join(dist, file));

  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
  ] as const) {
    const res = await fetchRaw(url(`/${file}`), { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(res.headers['content-type']).toContain('javascript');
    expect(
      res.body.equals(
        fs.readFileSync(path.join(dist, `${file}.${encoding === 'br' ? 'br' : 'gz'}`)),
      ),
    ).toBe(true);
    expect(res.body.length).toBeLessThan(plain.length / 2);
  }

  const identity = await fetchRaw(url(`/${file}`), {});
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body.equals(plain)).toBe(true);

  // The page itself (a history-mode route answered with index.html) is compressed too.
  const index = await fetchRaw(url('/pages/login/login'), { 'Accept-Encoding': 'gzip' });
  expect(index.status).toBe(200);
  expect(index.body.length).toBeGreaterThan(0);
});

test('the browser receives the login route compressed @desktop', async ({ page }) => {
  await skipSplash(page);
  await page.goto(url('/pages/login/login'));
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e): e is PerformanceResourceTiming => e.name.endsWith('.js'))
      .map((e) => ({ name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
  );
  // Files of a few hundred bytes gain nothing and are sent as they are.
  const large = scripts.filter((s) => s.decoded > 1024);
  expect(large.length).toBeGreaterThan(0);
  for (const s of large) expect(s.encoded, s.name).toBeLessThan(s.decoded / 2);
});
