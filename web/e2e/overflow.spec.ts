// Every main page at 390 px in each of the eight languages: nothing wider than the screen, no
// text cut off or spilling out of its box, no word split across lines where it fits whole. Pages join by being routes (src/app/routes.ts).
// Text that may be shortened on purpose (a long user name) is marked `data-may-truncate`.
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { publicPaths } from '../src/app/routes';
import { paths } from '../src/lib/paths';
import { PHOTO, api, person, quietWatch, registerViaApi, skipSplash, url } from './helpers';

const LANGUAGES = [
  ['en', 'English'],
  ['zh-Hans', 'Simplified Chinese'],
  ['zh-Hant', 'Traditional Chinese'],
  ['ja', 'Japanese'],
  ['es', 'Spanish'],
  ['kr', 'Korean'],
  ['ge', 'German'],
  ['ru', 'Russian'],
] as const;

/** Routes that only make sense with a payload, or only before the first launch. */
const SKIPPED: readonly string[] = [paths.root, paths.upgradePopup];

const signedInPages = [
  ...Object.values(paths).filter((p) => !SKIPPED.includes(p) && !publicPaths.includes(p)),
  `${paths.index}?tab=favourite`,
  `${paths.index}?tab=wink`,
  `${paths.index}?tab=footprints`,
  `${paths.settings}?view=profile`,
  `${paths.recharge}?tab=gold`,
  `${paths.recharge}?tab=character`,
];
const publicPages = publicPaths.filter((p) => !SKIPPED.includes(p));

/** What is wrong with the page as laid out now: overflow and cut text, described. */
function problemsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // The screen's width: a page wider than the phone widens `innerWidth` with it (Chromium's
    // mobile viewport grows to fit the content), the root's client width stays the screen's.
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    const clips = (s: CSSStyleDeclaration) => s.overflowX === 'hidden' || s.overflowX === 'clip';
    const scrollsSideways = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const x = getComputedStyle(up).overflowX;
        if (x === 'auto' || x === 'scroll') return up !== document.documentElement;
      }
      return false;
    };
    // Any box beyond the screen's edges (a page clipped by a hidden overflow hides this).
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      const style = getComputedStyle(el);
      if (
        style.visibility === 'hidden' ||
        (style.position === 'fixed' && style.transform !== 'none')
      )
        continue;
      if (el.closest('[aria-hidden="true"], .visually-hidden') || scrollsSideways(el)) continue;
      found.push(`${el.tagName.toLowerCase()}.${el.className} reaches beyond the screen`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('[data-may-truncate], [aria-hidden="true"], .visually-hidden, svg')) continue;
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE'].includes(el.tagName))
        continue;
      const text = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const label = `"${text.slice(0, 40)}" (${el.tagName.toLowerCase()}.${el.className})`;
      if (box.right > width + 1 || box.left < -1) {
        found.push(`${label} reaches beyond the screen`);
        continue;
      }
      // Its own text does not fit its box.
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${label} is cut or spills: ${el.scrollWidth}px in ${el.clientWidth}px`);
        continue;
      }
      // A clipping box around it cuts it (a row that scrolls sideways does not).
      for (let up = el.parentElement; up; up = up.parentElement) {
        const s = getComputedStyle(up);
        if (s.overflowX === 'auto' || s.overflowX === 'scroll') break;
        if (!clips(s)) continue;
        const outer = up.getBoundingClientRect();
        if (box.right > outer.right + 1 || box.left < outer.left - 1) {
          found.push(`${label} is cut by ${up.tagName.toLowerCase()}.${up.className}`);
        }
        break;
      }
    }
    // A word of an alphabet split across two lines although it fits its box whole
    // («Великобрита|ния», «Повтор|ить»): lines break between words, or inside one only where
    // it cannot fit (CJK text breaks anywhere by design and is left out).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('[data-may-truncate], [aria-hidden="true"], .visually-hidden, svg'))
        continue;
      if (['SCRIPT', 'STYLE', 'OPTION', 'TEXTAREA'].includes(el.tagName)) continue;
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/[\p{Script=Latin}\p{Script=Cyrillic}]{4,}/gu)) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size < 2) continue;
        let block: HTMLElement = el;
        while (getComputedStyle(block).display.startsWith('inline') && block.parentElement)
          block = block.parentElement;
        const whole = rects.reduce((w, r) => w + r.width, 0);
        if (whole > block.clientWidth) continue;
        found.push(`"${m[0]}" is split across lines (${el.tagName.toLowerCase()}.${el.className})`);
      }
    }
    return found;
  });
}

/** Pages open in this many tabs at once: most of a visit is waiting for the server and timers. */
const TABS = 3;

/** Opens each page when it has settled (lazy code, data, fonts) and answers what is wrong. */
async function check(context: BrowserContext, paths: readonly string[]): Promise<string[]> {
  const queue = paths.map((path, i) => ({ path, i }));
  const found = paths.map((): string[] => []);
  await Promise.all(
    Array.from({ length: TABS }, async () => {
      const page = await context.newPage();
      const quiet = quietWatch(page);
      for (let next = queue.shift(); next; next = queue.shift()) {
        await page.goto(url(next.path));
        await quiet();
        // Placeholders give way to content; the lazy page's loading view to the page.
        await page.waitForFunction(
          () => !document.querySelector('.skeleton, [data-testid="page-loading"]'),
          undefined,
          { timeout: 15_000 },
        );
        await page.evaluate(() => document.fonts.ready);
        await quiet();
        const { path } = next;
        found[next.i] = (await problemsOn(page)).map((p) => `${path}: ${p}`);
      }
      await page.close();
    }),
  );
  return found.flat();
}

for (const [abbr, language] of LANGUAGES) {
  test(`every main page fits a 390 px phone in ${language}`, async ({
    browser,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the narrow screen is the one that overflows');
    test.setTimeout(120_000);
    const me = person(`ovf${abbr.replace('-', '')}`, testInfo);
    const { token, userId } = await registerViaApi(request, me, { language: abbr });
    // Red badges on the tabs, as a person has them: someone liked and visited.
    const fan = await registerViaApi(request, person(`fan${abbr.replace('-', '')}`, testInfo), {
      gender: 'male',
    });
    await api(request, fan.token, `/system/like/opera/${userId}`);
    await api(request, fan.token, `/system/user/profile/homePage?userId=${userId}`);

    const phone = {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    };
    const storage = { SHOWED_SPLASH: 'true', LANGUAGE: JSON.stringify({ language, abbr }) };
    const signedIn = { ...storage, TOKEN: token, LOGINED: 'true' };
    const problems: string[] = [];
    for (const [entries, paths] of [
      [storage, publicPages],
      [signedIn, signedInPages],
    ] as const) {
      const context = await browser.newContext(phone);
      await context.addInitScript((e) => {
        for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
      }, entries);
      problems.push(...(await check(context, paths)));
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}

test('in Russian the crop dialog keeps Cancel on a 390 px phone, and its words are not cut', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one story on the phone is enough');
  await page.addInitScript(() => {
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Russian', abbr: 'ru' }));
  });
  await skipSplash(page);
  await page.goto(url(paths.register));
  await expect(page.locator('html')).toHaveAttribute('lang', /^ru/);
  await page.getByTestId('avatar-input').setInputFiles(PHOTO);
  const crop = page.getByRole('dialog', { name: 'Обрежьте фото' });
  await expect(crop).toBeVisible();
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  for (const name of ['Отмена', 'Использовать это фото']) {
    const button = crop.getByRole('button', { name });
    const box = await button.boundingBox();
    expect(box, name).not.toBeNull();
    if (!box) continue;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
    // Each word of the label on one line: its text is drawn as one box.
    const lines = await button.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, name).toBe(1);
  }
});
