// Stories of the feed: publishing a post with a photo, liking, commenting and replying,
// deleting one's own comment, flagging a post (confirmed first), editing and deleting one's own
// post, and blocking an author. Each person is registered for the story; posts by others are
// written through the API.
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, type TestInfo, expect, test } from '@playwright/test';
import {
  PHOTO,
  type Person,
  api,
  login,
  person,
  registerViaApi,
  skipSplash,
  toast,
  url,
} from './helpers';

interface Dynamic {
  id: number;
  content: string;
}
interface Comment {
  id: number;
}

const FEED = '/pages/dynamic/dynamic';
const detail = (id: number) => `/pages/dynamic-detail/dynamic-detail?id=${id}`;
const cardWith = (page: Page, text: string) =>
  page.getByTestId('dynamic').filter({ hasText: text });
const commentWith = (page: Page, text: string) =>
  page.getByTestId('comment').filter({ hasText: text });

async function someone(request: APIRequestContext, prefix: string, testInfo: TestInfo) {
  const p = person(prefix, testInfo);
  const { userId, token } = await registerViaApi(request, p);
  return { ...p, userId, token };
}

function post(request: APIRequestContext, token: string, content: string, images: string[] = []) {
  return api<Dynamic>(request, token, '/system/dynamic', {
    method: 'POST',
    data: { content, images },
  });
}

function comment(
  request: APIRequestContext,
  token: string,
  data: { dynamicId: number; content: string; parentId?: number; replyToUserId?: number },
) {
  return api<Comment>(request, token, '/system/comment/add', { method: 'POST', data });
}

async function signIn(page: Page, p: Person) {
  await skipSplash(page);
  await login(page, p.userName, p.password);
}

async function write(page: Page, text: string) {
  const input = page.getByTestId('comment-input');
  await input.fill(text);
  await page.getByTestId('comment-composer').getByRole('button', { name: 'Send' }).click();
}

test('a post with a photo appears first in the feed with its picture @screens', async ({
  page,
  request,
}, testInfo) => {
  const me = await someone(request, 'pub', testInfo);
  await signIn(page, me);
  await page.goto(url(FEED));
  await page.getByTestId('new-post').click();
  await expect(page).toHaveURL(url('/pages/release/release'));

  const publish = page.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  const text = `Cherry blossoms by the river ${testInfo.project.name}`;
  await page.getByLabel('Your post').fill(text);
  await expect(page.getByText(`${[...text].length} / 2,000`)).toBeVisible();
  // A slow network: the photo shows its progress, and Publish waits for it.
  await page.route('**/prod-api/common/image/uploads/base64', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page.getByTestId('release-photo-input').setInputFiles(PHOTO);
  await expect(page.getByRole('progressbar', { name: 'Uploading photo 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(page.getByTestId('release-photo')).toHaveClass(/done/);
  await expect(publish).toBeEnabled();
  await publish.click();

  await expect(page).toHaveURL(url(FEED));
  const card = cardWith(page, text);
  await expect(card).toBeVisible();
  await expect(page.getByTestId('dynamic').first()).toContainText(text);
  const thumb = card.getByRole('button', { name: new RegExp(`Photo 1 of 1 by ${me.userName}`) });
  await expect(thumb.locator('img')).toHaveJSProperty('complete', true);
  // The server stored a picture, not a broken link.
  expect(
    await thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  // The full picture opens over the feed, and Escape brings focus back to the thumbnail.
  await thumb.click();
  const viewer = page.locator('dialog[open]');
  await expect(viewer.getByRole('img', { name: /Photo 1 of 1/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(thumb).toBeFocused();

  // Mine lists it too, and so does my profile.
  await page.getByTestId('feed-tab-mine').click();
  await expect(cardWith(page, text)).toBeVisible();
  await page.goto(url('/pages/homepage/homepage'));
  await expect(page.getByTestId('person-dynamic').first()).toContainText('Cherry blossoms');
});

test('a photo over 10 MB or a file that is not a picture is refused before upload @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await someone(request, 'big', testInfo);
  await signIn(page, me);
  await page.goto(url('/pages/release/release'));
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/common/image/uploads/base64')) uploads += 1;
  });
  const input = page.getByTestId('release-photo-input');
  await input.setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(page.getByRole('alert')).toHaveText('The image must be 10 MB or smaller');
  await input.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF'),
  });
  await expect(page.getByRole('alert')).toHaveText('Please choose an image file');
  await expect(page.getByTestId('release-photo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  expect(uploads).toBe(0);
});

test('leaving a written post asks first', async ({ page, request }, testInfo) => {
  const me = await someone(request, 'dsc', testInfo);
  await signIn(page, me);
  await page.goto(url(FEED));
  await page.getByTestId('new-post').click();
  await page.getByLabel('Your post').fill('A thought I may keep');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard this post?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Your post')).toHaveValue('A thought I may keep');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this post?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(page).toHaveURL(url(FEED));
});

test('a like counts at once and stays @desktop', async ({ page, request }, testInfo) => {
  const ana = await someone(request, 'ana', testInfo);
  const me = await someone(request, 'lik', testInfo);
  const text = `Morning run ${Date.now()}`;
  const dynamic = await post(request, ana.token, text);
  await signIn(page, me);
  await page.goto(url(detail(dynamic.id)));
  const like = cardWith(page, text).getByTestId('dynamic-like');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like, 0 likes');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like, 1 like');
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like, 0 likes');
});

test('commenting, and replying to a comment and to a reply', async ({
  page,
  request,
}, testInfo) => {
  const ana = await someone(request, 'ana', testInfo);
  const ken = await someone(request, 'ken', testInfo);
  const me = await someone(request, 'cmt', testInfo);
  const dynamic = await post(request, ana.token, 'Which ramen shop in Osaka?');
  await comment(request, ken.token, { dynamicId: dynamic.id, content: 'Try Kamukura!' });

  await signIn(page, me);
  await page.goto(url(detail(dynamic.id)));
  await write(page, 'Following this thread');
  await expect(commentWith(page, 'Following this thread')).toBeVisible();
  await expect(page.getByTestId('dynamic-comments')).toHaveText('2 comments');

  // A reply to Ken's comment goes under it.
  const kens = page.getByTestId('comment-thread').filter({ hasText: 'Try Kamukura!' });
  await kens
    .getByRole('button', { name: `Reply to ${ken.userName}` })
    .first()
    .click();
  await expect(page.getByTestId('reply-chip')).toHaveText(`Replying to ${ken.userName}`);
  await expect(page.getByTestId('comment-input')).toBeFocused();
  await page.keyboard.type('Is it open late?');
  await page.keyboard.press('Enter');
  await expect(kens.getByTestId('comment').filter({ hasText: 'Is it open late?' })).toBeVisible();
  await expect(page.getByTestId('reply-chip')).toHaveCount(0);

  // Ken answers my reply; answering him back names him.
  const threads = await api<{ rows: { id: number; subs: { id: number }[] }[] }>(
    request,
    ken.token,
    `/system/comment/list?dynamicId=${dynamic.id}`,
  );
  const top = threads.rows[0];
  expect(top).toBeDefined();
  await comment(request, ken.token, {
    dynamicId: dynamic.id,
    content: 'Until 2 am',
    parentId: top?.id,
    replyToUserId: me.userId,
  });
  await page.reload();
  const answer = kens.getByTestId('comment').filter({ hasText: 'Until 2 am' });
  await expect(answer).toContainText(me.userName);
  await answer.getByRole('button', { name: `Reply to ${ken.userName}` }).click();
  await write(page, 'Perfect, thanks');
  const mine = kens.getByTestId('comment').filter({ hasText: 'Perfect, thanks' });
  await expect(mine).toContainText(ken.userName);
});

test('more replies load on request @desktop', async ({ page, request }, testInfo) => {
  const ana = await someone(request, 'ana', testInfo);
  const me = await someone(request, 'rpl', testInfo);
  const dynamic = await post(request, ana.token, 'Tell me your favourite film');
  const top = await comment(request, ana.token, { dynamicId: dynamic.id, content: 'Mine first' });
  for (let i = 1; i <= 5; i++) {
    await comment(request, ana.token, {
      dynamicId: dynamic.id,
      content: `Film number ${i}`,
      parentId: top.id,
    });
  }
  await signIn(page, me);
  await page.goto(url(detail(dynamic.id)));
  await expect(commentWith(page, 'Film number 3')).toBeVisible();
  await expect(commentWith(page, 'Film number 4')).toHaveCount(0);
  await page.getByRole('button', { name: 'View 2 more replies' }).click();
  await expect(commentWith(page, 'Film number 5')).toBeVisible();
  await expect(page.getByRole('button', { name: /more repl/ })).toHaveCount(0);
});

test('deleting my own comment, after confirming; others cannot', async ({
  page,
  request,
}, testInfo) => {
  const ana = await someone(request, 'ana', testInfo);
  const me = await someone(request, 'del', testInfo);
  const dynamic = await post(request, ana.token, 'Sunday picnic?');
  await comment(request, ana.token, { dynamicId: dynamic.id, content: 'Bring snacks' });
  await comment(request, me.token, { dynamicId: dynamic.id, content: 'Count me in' });

  await signIn(page, me);
  await page.goto(url(detail(dynamic.id)));
  await expect(
    commentWith(page, 'Bring snacks').getByRole('button', { name: 'Delete' }),
  ).toHaveCount(0);
  await commentWith(page, 'Count me in')
    .getByRole('button', { name: /Delete your comment/ })
    .click();
  const ask = page.getByRole('dialog', { name: 'Delete this comment?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(commentWith(page, 'Count me in')).toBeVisible();
  await commentWith(page, 'Count me in')
    .getByRole('button', { name: /Delete your comment/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this comment?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Comment deleted')).toBeVisible();
  await expect(commentWith(page, 'Count me in')).toHaveCount(0);
  await expect(page.getByTestId('dynamic-comments')).toHaveText('1 comment');

  // No one else may remove a comment of mine: the server refuses with its message.
  const again = await comment(request, me.token, { dynamicId: dynamic.id, content: 'Still here' });
  const res = await request.post(url('/prod-api/system/comment/remove'), {
    headers: { Authorization: `Bearer ${ana.token}` },
    data: { id: again.id },
  });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { msg: string }).msg).toBe('Comment deletion failed');
});

test('flagging a post asks for a reason and confirmation, once @desktop', async ({
  page,
  request,
}, testInfo) => {
  const ana = await someone(request, 'ana', testInfo);
  const me = await someone(request, 'flg', testInfo);
  const text = `Cheap watches ${Date.now()}`;
  const dynamic = await post(request, ana.token, text);
  await signIn(page, me);
  await page.goto(url(detail(dynamic.id)));

  const more = page.getByRole('button', { name: `More actions for the post by ${ana.userName}` });
  await more.click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Flag' }).click();
  const dialog = page.getByRole('dialog', { name: `Flag the post by ${ana.userName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Flag post' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason');
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Flag post' }).click();
  // Nothing is sent before "Are you sure?" is answered; Cancel goes back to the reasons.
  const confirm = page.getByRole('dialog', { name: 'Flag this post?' });
  await expect(confirm).toContainText(`Our moderators will review this post by ${ana.userName}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Flag post' }).click();
  await confirm.getByRole('button', { name: 'Flag post' }).click();
  await expect(toast(page, 'Thank you, our team will look at it')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(more).toBeFocused();

  // A second flag is refused by the server, which says so.
  await more.click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Flag' }).click();
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByRole('button', { name: 'Flag post' }).click();
  await confirm.getByRole('button', { name: 'Flag post' }).click();
  await expect(toast(page, 'You have already flagged this dynamic')).toBeVisible();
});

test('editing and deleting my own post', async ({ page, request }, testInfo) => {
  const me = await someone(request, 'own', testInfo);
  const dynamic = await post(request, me.token, 'First draft of my day');
  await signIn(page, me);
  await page.goto(url(`${FEED}?tab=mine`));
  const card = cardWith(page, 'First draft of my day');
  await card.getByRole('button', { name: /More actions/ }).click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit post' });
  await edit.getByLabel('Your post').fill('A better day');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Post updated')).toBeVisible();
  const edited = cardWith(page, 'A better day');
  await expect(edited).toContainText('edited');

  await edited.getByRole('button', { name: /More actions/ }).click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this post?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Post deleted')).toBeVisible();
  await expect(cardWith(page, 'A better day')).toHaveCount(0);

  await page.goto(url(detail(dynamic.id)));
  await expect(
    page.getByRole('heading', { name: 'This post is no longer available' }),
  ).toBeVisible();
});

test('blocking an author hides their posts @desktop', async ({ page, request }, testInfo) => {
  const ana = await someone(request, 'ana', testInfo);
  const me = await someone(request, 'blk', testInfo);
  const text = `Ana at the beach ${Date.now()}`;
  const dynamic = await post(request, ana.token, text);
  await signIn(page, me);
  await page.goto(url(FEED));
  const card = cardWith(page, text);
  await card.getByRole('button', { name: /More actions/ }).click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Block' }).click();
  const ask = page.getByRole('dialog', { name: `Block ${ana.userName}?` });
  await ask.getByRole('button', { name: 'Block' }).click();
  await expect(toast(page, `${ana.userName} has been blocked`)).toBeVisible();
  await expect(cardWith(page, text)).toHaveCount(0);
  await page.goto(url(detail(dynamic.id)));
  await expect(
    page.getByRole('heading', { name: 'This post is no longer available' }),
  ).toBeVisible();
});

test('new posts of people I like show as a red count until the feed is opened', async ({
  page,
  request,
}, testInfo) => {
  const ana = await someone(request, 'ana', testInfo);
  const me = await someone(request, 'red', testInfo);
  await api(request, me.token, `/system/like/opera/${ana.userId}?like=true`);
  const text = `New photos from Nara ${testInfo.project.name} ${Date.now()}`;
  await post(request, ana.token, text);
  await signIn(page, me);
  // The bottom tab on a phone, the side menu entry on a desktop.
  const entry = page.getByRole('link', { name: /Moments/ });
  await expect(entry.getByTestId('count-badge').first()).toHaveText('1');
  await entry.first().click();
  await expect(cardWith(page, text)).toBeVisible();
  await expect(entry.getByTestId('count-badge')).toHaveCount(0);
  await expect(page.getByTestId('feed-tab-everyone').getByTestId('count-badge')).toHaveCount(0);
});

// Pictures of the three pages for review, in English and Japanese, when FEED_SHOTS_DIR is set.
test('the feed pages, pictured @screens', async ({ page, request }, testInfo) => {
  const dir = process.env.FEED_SHOTS_DIR;
  test.skip(!dir, 'set FEED_SHOTS_DIR to take the pictures');
  const ana = await someone(request, 'mia', testInfo);
  const ken = await someone(request, 'ken', testInfo);
  const me = await someone(request, 'sht', testInfo);
  const photo = `data:image/png;base64,${fs.readFileSync(PHOTO).toString('base64')}`;
  await post(request, ken.token, 'Three photos from the weekend in Hakone', [photo, photo, photo]);
  const dynamic = await post(
    request,
    ana.token,
    'Finally tried the matcha place everyone talks about. Worth the queue! Who wants to come next Saturday? 🍵',
    [photo],
  );
  const first = await comment(request, ken.token, {
    dynamicId: dynamic.id,
    content: 'Count me in!',
  });
  await comment(request, ana.token, {
    dynamicId: dynamic.id,
    content: 'Great, 11 am at the station?',
    parentId: first.id,
    replyToUserId: ken.userId,
  });
  await comment(request, me.token, { dynamicId: dynamic.id, content: 'Looks delicious' });

  await signIn(page, me);
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((abbr) => {
      localStorage.setItem(
        'LANGUAGE',
        JSON.stringify({ language: abbr === 'ja' ? 'Japanese' : 'English', abbr }),
      );
    }, lang);
    const name = (what: string) =>
      path.join(dir ?? '', `${testInfo.project.name}-${lang}-${what}.png`);
    await page.goto(url(FEED));
    await expect(cardWith(page, 'matcha').first()).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: name('feed') });
    await page.goto(url(detail(dynamic.id)));
    await expect(commentWith(page, 'Looks delicious')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: name('detail') });
    await page.screenshot({ path: name('detail-full'), fullPage: true });
    await page.goto(url('/pages/release/release'));
    await page.getByTestId('release-text').fill('A quiet evening by the sea');
    await page.getByTestId('release-photo-input').setInputFiles([PHOTO, PHOTO]);
    await expect(page.getByTestId('release-photo').nth(1)).toHaveClass(/done/);
    await page.screenshot({ path: name('release') });
    await page.goto(url(`/pages/homepage/homepage?userId=${ana.userId}`));
    await expect(page.getByTestId('person-dynamic').first()).toBeVisible();
    await page.screenshot({ path: name('profile'), fullPage: true });
  }
});
