import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page, type TestInfo, expect } from '@playwright/test';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const PHOTO = path.join(here, '..', 'public', 'icons', 'icon-512.png');

export function base(): string {
  const url = process.env.AMORA_E2E_BASE_URL;
  if (!url) throw new Error('AMORA_E2E_BASE_URL is not set: the global setup did not run');
  return url;
}

export function url(p: string): string {
  return `${base()}${p}`;
}

let n = 0;
/** A user name no other test (or project) uses. */
export function uniqueName(prefix: string, testInfo: TestInfo): string {
  n += 1;
  const stamp = Date.now().toString(36).slice(-5);
  return `${prefix}${testInfo.project.name.slice(0, 1)}${stamp}${n}`;
}

export interface Person {
  userName: string;
  email: string;
  password: string;
}

export function person(prefix: string, testInfo: TestInfo): Person {
  const userName = uniqueName(prefix, testInfo);
  return { userName, email: `${userName.toLowerCase()}@example.com`, password: 'secret1' };
}

export interface ProfileFields {
  gender?: 'female' | 'male';
  country?: string;
  birthday?: string;
  language?: string;
  signature?: string;
}

/**
 * Registers straight through the API, for stories that are not about registering (a woman in
 * Japan unless told otherwise). Answers the new user's id and session token.
 */
export async function registerViaApi(
  request: APIRequestContext,
  p: Person,
  fields: ProfileFields = {},
): Promise<{ userId: number; token: string }> {
  const avatar = `data:image/png;base64,${fs.readFileSync(PHOTO).toString('base64')}`;
  const res = await request.post(url('/prod-api/register'), {
    data: {
      userName: p.userName,
      email: p.email,
      password: p.password,
      gender: 'female',
      country: 'Japan',
      birthday: '1994-05-06',
      avatar,
      language: 'en',
      privacyAccepted: true,
      ...fields,
    },
  });
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data: { token: string; user: { userId: number } };
  };
  expect(body.code, body.msg).toBe(200);
  return { userId: body.data.user.userId, token: body.data.token };
}

/** A session token for an existing account (the demo member, say). */
export async function tokenOf(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post(url('/prod-api/login'), { data: { userName, password } });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, body.msg).toBe(200);
  return body.data.token;
}

/** Calls the API as someone, expecting success; answers `data`. */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; data?: unknown } = {},
): Promise<T> {
  const res = await request.fetch(url(`/prod-api${path}`), {
    method: options.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}` },
    data: options.data,
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/**
 * Skips the first-launch splash and guide, and the invitation to turn on notifications after the
 * first message sent (as if answered Not now), which would cover the page of a story about
 * something else; the notification stories keep it (`askForNotifications`).
 */
export async function skipSplash(page: Page, { askForNotifications = false } = {}) {
  await page.addInitScript((ask) => {
    localStorage.setItem('SHOWED_SPLASH', 'true');
    if (!ask && !localStorage.getItem('pushAsk')) {
      localStorage.setItem('pushAsk', JSON.stringify({ notNowAt: Date.now() }));
    }
  }, askForNotifications);
}

export async function login(page: Page, userName: string, password: string) {
  await page.goto(url('/pages/login/login'));
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(url('/'));
}

export function toast(page: Page, text: string | RegExp) {
  return page.getByTestId('toast').filter({ hasText: text });
}

export async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.join(here, 'screenshots', testInfo.project.name);
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export async function setLanguageOnLoginPage(page: Page, abbr: string) {
  await page.getByTestId('language-select').selectOption(abbr);
  // Kept once its words have loaded: a page opened before then would open in the old language.
  await page.waitForFunction(
    (chosen) => JSON.parse(localStorage.getItem('LANGUAGE') ?? '{}').abbr === chosen,
    abbr,
  );
}

/** Answers a wait for the page to have asked for nothing for a moment (networkidle waits 500 ms). */
export function quietWatch(page: Page) {
  let pending = 0;
  let last = Date.now();
  page.on('request', () => {
    pending += 1;
    last = Date.now();
  });
  const done = () => {
    pending -= 1;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    while (pending > 0 || Date.now() - last < 150) await page.waitForTimeout(50);
  };
}
