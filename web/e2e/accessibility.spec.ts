// axe-core on every route (src/lib/paths.ts: a page joins by being a route), signed out for the
// public ones and as a member for the rest, and on every dialog and sheet once open, in English
// and Japanese on both projects. A serious or critical violation, or a skipped heading level,
// fails the story with the rule, the elements and the rule's help page.
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import {
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
  expect,
  test,
} from '@playwright/test';
import { publicPaths } from '../src/app/routes';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../src/i18n/locales/ja.json' with { type: 'json' };
import { chatHref, paths, profileHref, staffReportHref, staffUserHref } from '../src/lib/paths';
import { PHOTO, api, person, quietWatch, registerViaApi, shot, url } from './helpers';
import { canOperate, operator } from './operator';
import { buy } from './purchases';

const LANGUAGES = [
  { abbr: 'en', language: 'English', strings: en },
  { abbr: 'ja', language: 'Japanese', strings: ja },
] as const;
type Strings = (typeof LANGUAGES)[number]['strings'];

/** A string of the app in the language under test, by its translation key. */
function say(strings: Strings, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], strings);
  if (typeof found !== 'string') throw new Error(`no string ${key}`);
  return found;
}

interface Partner {
  userId: number;
  userName: string;
  emUser: string;
  gender: 'female';
}

/** Routes that show someone: visited with that someone below. */
const ABOUT_SOMEONE: readonly string[] = [paths.homepage, paths.chat];

/** Every route a member opens, each tab and sub-view once, and a profile and a chat with her. */
function memberPages(partner: Partner, dynamicId: number): string[] {
  return [
    ...Object.values(paths).filter((p) => !publicPaths.includes(p) && !ABOUT_SOMEONE.includes(p)),
    `${paths.index}?tab=favourite`,
    `${paths.index}?tab=wink`,
    `${paths.index}?tab=footprints`,
    `${paths.settings}?view=profile`,
    `${paths.settings}?view=blocked`,
    `${paths.message}?tab=support`,
    `${paths.dynamic}?tab=mine`,
    `${paths.dynamicDetail}?id=${dynamicId}`,
    `${paths.recharge}?tab=gold`,
    `${paths.recharge}?tab=character`,
    paths.homepage,
    profileHref(partner.userId),
    chatHref(partner),
  ];
}

/** A small picture as a data URL, for posts. */
function avatarPhoto(): string {
  return `data:image/png;base64,${fs.readFileSync(PHOTO).toString('base64')}`;
}

/** What fails the story on the page as it is now, one line per rule. */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.join(' ')).join(', ');
      return `${where}: [${v.impact}] ${v.id}: ${targets} (${v.helpUrl})`;
    });
}

/** Placeholders have given way to content, and the fonts are in. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('.skeleton, [data-testid="page-loading"], [aria-busy="true"]'),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}

/** The people the stories sign in as and look at, set up once per project. */
interface Cast {
  member: { token: string; userId: number; userName: string };
  partner: Partner;
  /** Her dynamic with a photo, which he liked and commented on. */
  dynamicId: number;
  /** His own dynamic. */
  myDynamicId: number;
  /** Someone the operator made staff, and his report of her, when the stories run the server. */
  staff: { token: string; reportId: number } | null;
}

/** The operator console's pages, with a report and a person to show. */
function staffPages(cast: Cast, reportId: number): string[] {
  return [
    '/admin',
    '/admin?status=closed',
    staffReportHref(reportId),
    '/admin/review',
    '/admin/users',
    `/admin/users?q=${cast.partner.userName}`,
    staffUserHref(cast.partner.userId),
    '/admin/notices',
    '/admin/versions',
    '/admin/products',
    '/admin/errors',
    '/admin/audit',
  ];
}

/** A device of the project with the language chosen and, given a token, signed in. */
async function device(
  browser: Browser,
  testInfo: TestInfo,
  { abbr, language }: { abbr: string; language: string },
  token?: string,
) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  const entries: Record<string, string> = {
    SHOWED_SPLASH: 'true',
    LANGUAGE: JSON.stringify({ language, abbr }),
    ...(token ? { TOKEN: token, LOGINED: 'true' } : {}),
  };
  await context.addInitScript((e) => {
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, entries);
  return context;
}

/** Pages checked in this many tabs at once: most of a visit is waiting for the server. */
const TABS = 6;

/** Opens each page once it has settled and answers what axe found on them. */
async function checkPages(
  browser: Browser,
  testInfo: TestInfo,
  lang: { abbr: string; language: string },
  pages: readonly string[],
  token?: string,
): Promise<string[]> {
  const context = await device(browser, testInfo, lang, token);
  const queue = [...pages];
  const found: string[] = [];
  await Promise.all(
    Array.from({ length: TABS }, async () => {
      const page = await context.newPage();
      const quiet = quietWatch(page);
      for (let path = queue.shift(); path; path = queue.shift()) {
        await page.goto(url(path));
        await quiet();
        await settled(page);
        await quiet();
        found.push(...(await violations(page, path)));
      }
    }),
  );
  await context.close();
  return found;
}

/**
 * What the phone's tab bar loses as drawn now: a label cut off or outside the bar, or a bar
 * taller than the room the page leaves it (its last lines would hide underneath).
 */
function tabBarLoss(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.tab-bar');
    if (!bar || bar.offsetHeight === 0) return [];
    const found: string[] = [];
    const edge = bar.getBoundingClientRect();
    for (const label of bar.querySelectorAll<HTMLElement>('.tab-label')) {
      const box = label.getBoundingClientRect();
      const text = label.textContent ?? '';
      if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
        found.push(`the tab label "${text}" is cut off`);
      if (
        box.left < edge.left - 1 ||
        box.right > edge.right + 1 ||
        box.top < edge.top - 1 ||
        box.bottom > edge.bottom + 1
      )
        found.push(`the tab label "${text}" reaches outside the bar`);
      const tab = label.closest('.tab')?.getBoundingClientRect();
      if (tab && (box.left < tab.left - 1 || box.right > tab.right + 1))
        found.push(`the tab label "${text}" is wider than its tab`);
    }
    const main = document.querySelector('.shell-main');
    const room = main ? parseFloat(getComputedStyle(main).paddingBottom) : 0;
    if (room < bar.offsetHeight - 1)
      found.push(`the bar is ${bar.offsetHeight}px tall, the page leaves it ${room}px`);
    return found;
  });
}

/** The dialog on top, open. */
const topDialog = (page: Page) => page.locator('dialog[open]').last();

test.describe('accessibility', () => {
  let cast: Cast;

  test.beforeAll(async ({ request }, testInfo) => {
    const me = person('a11y', testInfo);
    const member = {
      ...(await registerViaApi(request, me, { gender: 'male' })),
      userName: me.userName,
    };
    await buy(request, member.token, 'svip-1m');
    await buy(request, member.token, 'gold-600');
    // A photo in his album: its state badge and the album's dialogs are checked too.
    const photo = `data:image/png;base64,${fs.readFileSync(PHOTO).toString('base64')}`;
    await api(request, member.token, '/system/catalog/add', {
      method: 'POST',
      data: { images: [photo] },
    });
    const her = person('a11yw', testInfo);
    const them = await registerViaApi(request, her);
    // She liked, visited and wrote to him: his lists, badges and conversations are not empty.
    await api(request, them.token, `/system/like/opera/${member.userId}`);
    await api(request, them.token, `/system/user/profile/homePage?userId=${member.userId}`);
    await api(request, them.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: member.userId, msgType: 'txt', content: { text: 'Hello from Osaka' } },
    });
    // Her dynamic with a photo, his like and comment on it, and his own dynamic: the feed,
    // the detail and both kinds of "..." menu have something to show.
    const dynamic = await api<{ id: number }>(request, them.token, '/system/dynamic', {
      method: 'POST',
      data: { content: 'Autumn leaves in Kyoto', images: [avatarPhoto()] },
    });
    await api(request, member.token, `/system/dynamic/like?id=${dynamic.id}`);
    await api(request, member.token, '/system/comment/add', {
      method: 'POST',
      data: { dynamicId: dynamic.id, content: 'Beautiful colours' },
    });
    const mine = await api<{ id: number }>(request, member.token, '/system/dynamic', {
      method: 'POST',
      data: { content: 'My first post', images: [] },
    });
    // Staff, and his report of her: the console's queue and pages have something to show.
    let staff: Cast['staff'] = null;
    if (canOperate()) {
      const who = person('a11ys', testInfo);
      const { token } = await registerViaApi(request, who);
      operator(['user', 'admin', '--email', who.email]);
      await api(request, member.token, '/system/form/add', {
        method: 'POST',
        data: { userId: them.userId, reason: 'spam', content: 'Sends the same text to everyone.' },
      });
      const open = await api<{ rows: { id: number; target: { userId: number } }[] }>(
        request,
        token,
        '/admin/reports?pageSize=100',
      );
      const report = open.rows.find((r) => r.target.userId === them.userId);
      if (report) staff = { token, reportId: report.id };
    }
    cast = {
      member,
      staff,
      dynamicId: dynamic.id,
      myDynamicId: mine.id,
      partner: {
        userId: them.userId,
        userName: her.userName,
        emUser: `u${them.userId}`,
        gender: 'female',
      },
    };
  });

  for (const lang of LANGUAGES) {
    test(`every page passes axe in ${lang.language}${lang.abbr === 'en' ? ' @screens' : ''}`, async ({
      browser,
    }, testInfo) => {
      const found = [
        ...(await checkPages(browser, testInfo, lang, publicPaths)),
        ...(await checkPages(
          browser,
          testInfo,
          lang,
          memberPages(cast.partner, cast.dynamicId),
          cast.member.token,
        )),
      ];
      expect(found, found.join('\n')).toEqual([]);
    });

    test(`every page of the operator console passes axe in ${lang.language}${lang.abbr === 'en' ? ' @screens' : ''}`, async ({
      browser,
    }, testInfo) => {
      test.skip(!cast.staff, 'making someone staff needs the server the stories started');
      const staff = cast.staff as NonNullable<Cast['staff']>;
      const found = await checkPages(
        browser,
        testInfo,
        lang,
        staffPages(cast, staff.reportId),
        staff.token,
      );
      // The ban dialog of the report's page, open.
      const context = await device(browser, testInfo, lang, staff.token);
      const page = await context.newPage();
      const quiet = quietWatch(page);
      await page.goto(url(staffReportHref(staff.reportId)));
      await quiet();
      await settled(page);
      const ban = page.getByRole('button', { name: say(lang.strings, 'staff.reports.ban') });
      await ban.click();
      await expect(topDialog(page)).toBeVisible();
      found.push(...(await violations(page, 'ban dialog')));
      await page.keyboard.press('Escape');
      await expect(ban).toBeFocused();
      await shot(page, testInfo, `staff-report-${lang.abbr}`);
      await context.close();
      expect(found, found.join('\n')).toEqual([]);
    });

    test(`every dialog and sheet passes axe in ${lang.language}, and Escape closes it${lang.abbr === 'en' ? ' @screens' : ''}`, async ({
      browser,
      request,
    }, testInfo) => {
      const context = await device(browser, testInfo, lang, cast.member.token);
      const page = await context.newPage();
      const quiet = quietWatch(page);
      const t = (key: string) => say(lang.strings, key);
      const button = (key: string) => page.getByRole('button', { name: t(key), exact: true });
      const found: string[] = [];

      const go = async (path: string) => {
        await page.goto(url(path));
        await quiet();
        await settled(page);
      };
      /** Checks the dialog now on top; Escape closes it and focus goes back to `opener`. */
      const check = async (where: string, opener: Locator) => {
        await expect(topDialog(page)).toBeVisible();
        await quiet();
        found.push(...(await violations(page, where)));
        const open = await page.locator('dialog[open]').count();
        await page.keyboard.press('Escape');
        await expect(page.locator('dialog[open]')).toHaveCount(open - 1);
        await expect(opener).toBeFocused();
      };
      /** Checks an action sheet, then what its choice opens. */
      const choose = async (where: string, opener: Locator, choice: string) => {
        await opener.click();
        await expect(topDialog(page)).toBeVisible();
        found.push(...(await violations(page, `${where} sheet`)));
        await topDialog(page)
          .getByRole('button', { name: t(choice) })
          .click();
        await check(where, opener);
      };

      await go(paths.root);
      const filters = page.getByTestId('open-filters');
      await filters.click();
      await check('filter sheet', filters);

      await go(profileHref(cast.partner.userId));
      await choose('report dialog', button('people.more'), 'people.report');
      await button('people.editRemark').click();
      await check('remark dialog', button('people.editRemark'));

      await go(paths.recharge);
      const product = page.getByTestId('product').first();
      await product.click();
      await check('payment sheet', product);

      await go(paths.settings);
      const help = page.getByRole('button', { name: t('nav.help') });
      await help.click();
      await check('help and support', help);

      await go(paths.album);
      await button('album.select').click();
      await page.getByTestId('album-photo').first().click();
      await button('album.delete').click();
      await check('album delete confirm', button('album.delete'));
      await button('album.done').click();
      const albumPhoto = page.getByTestId('album-photo').first();
      await albumPhoto.click();
      await check('album photo viewer', albumPhoto);

      // The "..." menus of her dynamic and of mine, and the dialogs they open.
      await go(paths.dynamic);
      const moreOf = (id: number) =>
        page.locator(`[data-dynamic-id="${id}"]`).getByTestId('dynamic-more');
      await choose('flag dialog', moreOf(cast.dynamicId), 'feed.flag');
      await choose('block confirm', moreOf(cast.dynamicId), 'feed.block');
      await choose('edit dialog', moreOf(cast.myDynamicId), 'feed.edit');
      await choose('delete confirm', moreOf(cast.myDynamicId), 'feed.delete');
      const thumb = page
        .locator(`[data-dynamic-id="${cast.dynamicId}"]`)
        .getByTestId('dynamic-photos')
        .getByRole('button')
        .first();
      await thumb.click();
      await check('feed photo viewer', thumb);
      await go(`${paths.dynamicDetail}?id=${cast.dynamicId}`);
      const deleteComment = page.getByTestId('comment').getByRole('button').last();
      await deleteComment.click();
      await check('delete comment confirm', deleteComment);

      // A chat of its own: its one photo is the one sent here.
      const her = person('a11yc', testInfo);
      const { userId } = await registerViaApi(request, her);
      await go(
        chatHref({ userId, userName: her.userName, emUser: `u${userId}`, gender: 'female' }),
      );
      await choose('gift panel', button('chat.more'), 'wallet.gifts');
      await choose('red packet', button('chat.more'), 'wallet.redPacket');
      await page.getByTestId('chat-image-input').setInputFiles(PHOTO);
      await expect(topDialog(page)).toBeVisible();
      found.push(...(await violations(page, 'photo preview')));
      await topDialog(page)
        .getByRole('button', { name: t('chat.imageSend') })
        .click();
      const photo = page.getByRole('button', { name: t('chat.viewPhoto') }).last();
      // Stored, and the chat's requests after the send answered, before the photo opens.
      await expect(photo).toBeVisible();
      await quiet();
      await photo.click();
      await check('photo viewer', photo);

      // The update prompt, for a newer web version answered in this browser only (a version
      // published on the server would prompt every other story): dismissable, then mandatory.
      for (const mandatory of [false, true]) {
        await page.route('**/prod-api/system/table/software/list', (route) =>
          route.fulfill({
            json: {
              code: 200,
              msg: 'OK',
              data: [
                {
                  version: '99.0.0',
                  platform: 'web',
                  notes: 'Faster chat.\nA new album page.',
                  url: null,
                  mandatory,
                  releasedAt: '2026-11-25 08:00:00',
                },
              ],
            },
          }),
        );
        await page.evaluate(() => localStorage.removeItem('updateCheck'));
        await go(paths.settings);
        await expect(topDialog(page)).toBeVisible();
        await quiet();
        found.push(...(await violations(page, mandatory ? 'mandatory update' : 'update prompt')));
        if (!mandatory) {
          await page.keyboard.press('Escape');
          await expect(page.locator('dialog[open]')).toHaveCount(0);
        }
        await page.unroute('**/prod-api/system/table/software/list');
      }

      await context.close();
      expect(found, found.join('\n')).toEqual([]);
    });

    test(`log-in and sign-up pass axe with their errors showing, and sign-up's photo step, in ${lang.language}${lang.abbr === 'en' ? ' @screens' : ''}`, async ({
      browser,
    }, testInfo) => {
      const context = await device(browser, testInfo, lang);
      const page = await context.newPage();
      const quiet = quietWatch(page);
      const t = (key: string) => say(lang.strings, key);
      const field = (key: string) => page.getByLabel(t(key), { exact: true });
      const submit = (key: string) => page.getByRole('button', { name: t(key), exact: true });
      const found: string[] = [];
      const check = async (where: string) => {
        await quiet();
        found.push(...(await violations(page, where)));
      };

      // Log in: sent empty, each field says what it lacks; then a wrong password.
      await page.goto(url(paths.login));
      await settled(page);
      await submit('login.submit').click();
      await expect(page.locator('.field-error')).toHaveCount(2);
      await check('login, empty');
      await field('fields.userNameOrEmail').fill(cast.member.userName);
      await field('fields.password').fill('wrong-password');
      await submit('login.submit').click();
      await expect(page.getByTestId('toast').first()).toBeVisible();
      await expect(page).toHaveURL(url(paths.login));
      await check('login, wrong password');

      // Sign up: sent empty, then with a bad email, an age under 18 and a short password.
      await page.goto(url(paths.register));
      await settled(page);
      await submit('register.submit').click();
      await expect(page.locator('.field-error').first()).toBeVisible();
      await check('register, empty');
      await field('fields.email').fill('not-an-email');
      await field('fields.birthday').fill(`${new Date().getFullYear() - 17}-01-01`);
      await field('fields.password').fill('abc');
      await expect(page.getByText(t('validation.emailFormat'))).toBeVisible();
      await check('register, wrong values');

      // The photo step: cropped in a dialog, then shown on the form, every field filled in.
      await page.getByTestId('avatar-input').setInputFiles(PHOTO);
      const crop = page.getByRole('dialog', { name: t('crop.title') });
      await expect(crop).toBeVisible();
      await check('register, crop dialog');
      await crop.getByRole('button', { name: t('crop.use') }).click();
      await expect(crop).toBeHidden();
      await field('fields.userName').fill('a11yform');
      await field('fields.email').fill('a11yform@example.com');
      await field('fields.password').fill('secret1');
      await field('fields.confirmPassword').fill('secret1');
      await page.getByText(t('fields.female'), { exact: true }).click();
      await field('fields.country').selectOption('Japan');
      await field('fields.birthday').fill('1995-03-04');
      await page.getByRole('checkbox').check();
      await expect(page.locator('.field-error')).toHaveCount(0);
      await check('register, filled in with a photo');
      await shot(page, testInfo, `register-filled-${lang.abbr}`);

      await context.close();
      expect(found, found.join('\n')).toEqual([]);
    });
  }

  test('text at 200% fits the page without loss, the tab bar with every label whole', async ({
    browser,
  }, testInfo) => {
    const found: string[] = [];
    // Russian has the longest words of the eight languages.
    const russian = { abbr: 'ru', language: 'Russian' };
    for (const [name, path, token, language] of [
      ['register', paths.register, undefined, LANGUAGES[0]],
      ['recharge', paths.recharge, cast.member.token, LANGUAGES[0]],
      ['discover', paths.root, cast.member.token, LANGUAGES[0]],
      ['settings-ru', paths.settings, cast.member.token, russian],
    ] as const) {
      const context = await device(browser, testInfo, language, token);
      const page = await context.newPage();
      await page.goto(url(path));
      // Everything the page asks for has come (a profile without a skeleton widens it late).
      await page.waitForLoadState('networkidle');
      await settled(page);
      const tabs = page.locator('.tab-bar .tab');
      if (token) {
        // At the usual size the five tabs share one row.
        const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
        expect(tops).toHaveLength(5);
        expect(new Set(tops).size, `${path}: tabs on one row`).toBe(1);
      }
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      await settled(page);
      // The right edge of the widest box (a clipping page would hide its own scroll width), or of
      // text running out of its box (a phone widens the page to show it).
      const { wide, screen } = await page.evaluate(() => ({
        wide: Math.max(
          document.documentElement.scrollWidth,
          ...[...document.querySelectorAll('body *')].map((el) => el.getBoundingClientRect().right),
        ),
        screen: window.screen.width,
      }));
      if (wide > screen + 1) found.push(`${path} reaches ${wide}px on a ${screen}px screen`);
      if (token) {
        // The bar's new height reaches the page a frame after it is drawn.
        await expect.poll(() => tabBarLoss(page), { message: path }).toEqual([]);
      }
      await shot(page, testInfo, `text-200-${name}`);
      await context.close();
    }
    expect(found).toEqual([]);
  });
});

test('asked for less motion, nothing on the page moves', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url(paths.splash));
  const motion = await page.locator('.splash-mark').evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.animationName, style.animationDuration];
  });
  expect(motion[0] === 'none' || motion[1] === '0s', motion.join(' ')).toBe(true);
  await page.goto(url(paths.login));
  await expect(page.locator('.btn').first()).toHaveCSS('transition-duration', /^0s/);
});
