// The story of a group chat among three people in three languages: someone (in English) makes a
// group of two people he talks to, Yuki (in Japanese) and Ana (in Spanish); his message reaches
// both, Yuki as an admin removes Ana, who is left reading the group without a composer; the owner
// hands the group over and leaves, and Yuki mutes it, renames it, gives it a picture and keeps
// strangers from adding her to groups. Each reads the group's lines, roles and buttons in her own
// language. And a member reports a message and the group (each asked first), shares a place and
// hides a message from her own history.
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import es from '../src/i18n/locales/es.json' with { type: 'json' };
import ja from '../src/i18n/locales/ja.json' with { type: 'json' };
import { openActions, signIn } from './chat-people';
import { PHOTO, api, person, registerViaApi, shot, url } from './helpers';

type Strings = Record<string, unknown>;

/** The app's words for a key in one language, its {{placeholders}} filled in. */
function words(strings: Strings, key: string, values: Record<string, string | number> = {}) {
  const found = key
    .split('.')
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], strings);
  if (typeof found !== 'string') throw new Error(`no string ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const line = (page: Page, text: string | RegExp) =>
  page.getByTestId('system-line').filter({ hasText: text });

/** The members sheet, named by how many are in the group (as its reader says it, any number). */
async function openMembers(page: Page, strings: Strings = en) {
  await page.getByTestId('group-members-button').click();
  const counts = ['groups.membersCount_one', 'groups.membersCount_other'].map((key) =>
    words(strings, key, { count: '#' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('#', '\\d+'),
  );
  return page.getByRole('dialog', { name: new RegExp(`^(${counts.join('|')})$`) });
}

/** What axe finds serious or critical on the page as it is (an open sheet included). */
async function axeFinds(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens a member's options in the members sheet and picks one (an action's key under groups). */
async function memberAction(page: Page, strings: Strings, name: string, action: string) {
  await page
    .getByRole('button', { name: words(strings, 'groups.memberActions', { name }) })
    .click();
  await page
    .getByRole('dialog', { name })
    .getByRole('button', { name: words(strings, `groups.${action}`) })
    .click();
}

test('a group in three languages: made, talked in, an admin removes someone, the owner hands over and leaves', async ({
  browser,
  request,
}, testInfo) => {
  const register = async (prefix: string, gender: 'female' | 'male', language: string) => {
    const p = person(prefix, testInfo);
    const { userId, token } = await registerViaApi(request, p, {
      gender,
      country: gender === 'male' ? 'Germany' : language === 'es' ? 'Spain' : 'Japan',
      language,
    });
    return { ...p, userId, token };
  };
  const owner = await register('gro', 'male', 'en');
  const yuki = await register('gry', 'female', 'ja');
  const ana = await register('gra', 'female', 'es');
  // The owner talks to both: they are people he may put in a group.
  for (const [i, them] of [yuki, ana].entries()) {
    await api(request, owner.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: them.userId, msgType: 'txt', content: { text: 'Hi!' }, clientId: `hi-${i}` },
    });
  }
  // Yuki's words (Japanese) and Ana's (Spanish).
  const jp = (key: string, values?: Record<string, string>) => words(ja, key, values);
  const sp = (key: string, values?: Record<string, string>) => words(es, key, values);

  const he = await signIn(browser, testInfo, owner);
  const she = await signIn(browser, testInfo, yuki, 'ja');
  const her = await signIn(browser, testInfo, ana, 'es');

  // He makes the group from his messages.
  await he.page.goto(url('/pages/message/message'));
  await he.page.getByRole('button', { name: 'New group' }).click();
  const sheet = he.page.getByRole('dialog', { name: 'New group' });
  await sheet.getByLabel('Group name').fill('Weekend hikers');
  await sheet.getByRole('checkbox', { name: yuki.userName }).check();
  await sheet.getByRole('checkbox', { name: ana.userName }).check();
  await shot(he.page, testInfo, 'new-group');
  expect(await axeFinds(he.page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Create group' }).click();
  await expect(he.page).toHaveURL(/\/pages\/group-chat\/group-chat\?id=\d+/);
  const groupUrl = he.page.url();
  await expect(he.page.getByRole('heading', { level: 1 })).toContainText('Weekend hikers');
  await expect(line(he.page, 'You created the group')).toBeVisible();

  const input = he.page.getByLabel('Type a message');
  await input.fill('Hello hikers! Saturday at nine?');
  await input.press('Enter');
  const mine = he.page.getByTestId('message').filter({ hasText: 'Saturday at nine' });
  await expect(mine.getByTestId('read-by')).toHaveText('Sent');

  // It reaches Yuki among her conversations, unread, and in the group with his name above it.
  await she.page.goto(url('/pages/message/message'));
  const row = she.page.getByTestId('group-row').filter({ hasText: 'Weekend hikers' });
  await expect(row).toContainText('Saturday at nine');
  await expect(row.getByTestId('unread-badge')).toHaveText('1');
  // The Messages tab counts it with his one-to-one "Hi!".
  await expect(
    she.page.locator('a:visible', { hasText: jp('nav.messages') }).getByTestId('count-badge'),
  ).toHaveText('2');
  await shot(she.page, testInfo, 'group-in-messages-ja');
  expect(await axeFinds(she.page)).toEqual([]);
  await row.click();
  const theirs = she.page.getByTestId('message').filter({ hasText: 'Saturday at nine' });
  await expect(theirs).toContainText(owner.userName);
  await expect(line(she.page, jp('groups.line.created', { by: owner.userName }))).toBeVisible();

  // He sees that she has read it.
  await he.page.reload();
  await expect(mine.getByTestId('read-by')).toHaveText('Read by 1');
  await shot(he.page, testInfo, 'group-chat');
  expect(await axeFinds(he.page)).toEqual([]);

  // Ana has it in her Spanish messages too, and opens it.
  await her.page.goto(url('/pages/message/message'));
  const anasRow = her.page.getByTestId('group-row').filter({ hasText: 'Weekend hikers' });
  await expect(anasRow).toContainText('Saturday at nine');
  await expect(her.page.getByRole('button', { name: sp('groups.newGroup') })).toBeVisible();
  await anasRow.click();
  await expect(her.page).toHaveURL(groupUrl);
  await expect(
    her.page.getByTestId('message').filter({ hasText: 'Saturday at nine' }),
  ).toContainText(owner.userName);
  await expect(line(her.page, sp('groups.line.created', { by: owner.userName }))).toBeVisible();
  await expect(her.page.getByLabel(sp('chat.placeholder'))).toBeVisible();

  // He names her: "@" and the start of her name offer her, and Enter puts her whole name in.
  await input.pressSequentially(`Bring water @${yuki.userName.slice(0, 4)}`);
  const mention = he.page.getByRole('listbox', { name: 'Members to mention' });
  await expect(mention.getByRole('option')).toHaveText([yuki.userName]);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await shot(he.page, testInfo, 'group-mention');
  expect(await axeFinds(he.page)).toEqual([]);
  await input.press('Enter');
  await expect(mention).toBeHidden();
  await expect(input).toHaveValue(`Bring water @${yuki.userName} `);
  await input.press('Enter');
  await expect(
    she.page.getByTestId('message').filter({ hasText: `Bring water @${yuki.userName}` }),
  ).toBeVisible();

  // He makes Yuki an admin; she reads that he did, and removes Ana.
  let members = await openMembers(he.page);
  await memberAction(he.page, en, yuki.userName, 'makeAdmin');
  await expect(
    members.getByTestId('group-member').filter({ hasText: yuki.userName }),
  ).toContainText('Admin');
  await members.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(line(she.page, jp('groups.line.promotedMe', { by: owner.userName }))).toBeVisible();

  members = await openMembers(she.page, ja);
  await expect(members).toHaveAccessibleName(jp('groups.membersCount_other', { count: '3' }));
  const roleOf = (name: string) => members.getByTestId('group-member').filter({ hasText: name });
  await expect(roleOf(owner.userName)).toContainText(jp('groups.role.owner'));
  await expect(roleOf(yuki.userName)).toContainText(jp('groups.role.admin'));
  await expect(roleOf(ana.userName)).toContainText(jp('groups.role.member'));
  await shot(she.page, testInfo, 'group-members-ja');
  await memberAction(she.page, ja, ana.userName, 'remove');
  await she.page
    .getByRole('dialog', { name: jp('groups.removeTitle', { name: ana.userName }) })
    .getByRole('button', { name: jp('groups.remove') })
    .click();
  await expect(members.getByTestId('group-member')).toHaveCount(2);
  await members.getByRole('button', { name: jp('common.close'), exact: true }).click();
  await expect(
    line(she.page, jp('groups.line.removedByMe', { people: ana.userName })),
  ).toBeVisible();
  await expect(line(he.page, `${yuki.userName} removed ${ana.userName}`)).toBeVisible();

  // Ana, in the group still open, reads that she was removed; a note takes the composer's place.
  await expect(line(her.page, sp('groups.line.removedMe', { by: yuki.userName }))).toBeVisible();
  await expect(her.page.getByTestId('group-closed')).toHaveText(sp('groups.notMember'));
  await expect(her.page.getByLabel(sp('chat.placeholder'))).toHaveCount(0);
  await shot(her.page, testInfo, 'group-removed-es');
  expect(await axeFinds(her.page)).toEqual([]);
  // Nothing is hers to read there any more: no read is sent, so no refusal pops up.
  await expect(her.page.getByTestId('toast')).toHaveCount(0);
  await her.context.close();

  // He hands the group over to her and leaves.
  members = await openMembers(he.page);
  await memberAction(he.page, en, yuki.userName, 'handOver');
  await he.page
    .getByRole('dialog', { name: `Hand the group over to ${yuki.userName}?` })
    .getByRole('button', { name: 'Hand over the group' })
    .click();
  await expect(
    members.getByTestId('group-member').filter({ hasText: yuki.userName }),
  ).toContainText('Owner');
  await members.getByRole('button', { name: 'Leave group' }).click();
  await he.page
    .getByRole('dialog', { name: 'Leave this group?' })
    .getByRole('button', { name: 'Leave group' })
    .click();
  await expect(he.page).toHaveURL(url('/pages/message/message'));
  await he.context.close();

  await expect(
    line(she.page, jp('groups.line.handedOverMe', { by: owner.userName })),
  ).toBeVisible();
  await expect(line(she.page, jp('groups.line.left', { by: owner.userName }))).toBeVisible();
  await shot(she.page, testInfo, 'group-chat-ja');
  members = await openMembers(she.page, ja);
  await expect(members).toHaveAccessibleName(jp('groups.membersCount_one', { count: '1' }));
  await expect(members.getByTestId('group-member')).toHaveCount(1);
  await expect(members).toContainText(jp('groups.role.owner'));
  await shot(she.page, testInfo, 'group-members');
  expect(await axeFinds(she.page)).toEqual([]);

  // She quiets it for a while.
  await members.getByRole('button', { name: jp('groups.mute') }).click();
  await she.page
    .getByRole('dialog', { name: jp('groups.muteTitle') })
    .getByRole('button', { name: jp('groups.muteFor8h') })
    .click();
  await expect(members.getByTestId('group-muted')).toContainText(
    jp('groups.mutedUntil', { when: '' }).replace(/。.*/, ''),
  );
  await expect(members.getByRole('button', { name: jp('groups.unmute') })).toBeVisible();

  // The group is hers now: she renames it.
  await members.getByRole('button', { name: jp('groups.rename') }).click();
  const rename = she.page.getByRole('dialog', { name: jp('groups.rename') });
  await rename.getByLabel(jp('groups.nameLabel')).fill('Saturday hikers');
  await rename.getByRole('button', { name: jp('common.save') }).click();
  await expect(she.page.getByRole('heading', { level: 1 })).toContainText('Saturday hikers');
  await members.getByRole('button', { name: jp('common.close'), exact: true }).click();
  await expect(
    line(she.page, jp('groups.line.renamedByMe', { name: 'Saturday hikers' })),
  ).toBeVisible();

  // And gives it a picture, which its bar shows.
  members = await openMembers(she.page, ja);
  await members.getByTestId('group-picture-input').setInputFiles(PHOTO);
  await expect(she.page.locator('.chat-peer-avatar img')).toBeVisible();
  await members.getByRole('button', { name: jp('common.close'), exact: true }).click();
  await expect(line(she.page, jp('groups.line.pictureChangedByMe'))).toBeVisible();
  await shot(she.page, testInfo, 'group-picture');

  // And only people she has matched with may add her to groups from now on.
  await she.page.goto(url('/pages/settings/settings'));
  const onlyMatches = she.page.getByTestId('group-added-by');
  await expect(onlyMatches).not.toBeChecked();
  await onlyMatches.click();
  await expect(onlyMatches).toBeChecked();
  await expect
    .poll(() => api<{ addedBy: string }>(request, yuki.token, '/em/groups/settings'))
    .toEqual({ addedBy: 'matches' });

  await she.context.close();
});

test('in a group, a member reports a message and the group, each asked first, hides a message for herself and shares a place @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const register = async (prefix: string, gender: 'female' | 'male') => {
    const p = person(prefix, testInfo);
    const { userId, token } = await registerViaApi(request, p, {
      gender,
      country: gender === 'male' ? 'Germany' : 'Japan',
    });
    return { ...p, userId, token };
  };
  const owner = await register('grso', 'male');
  const ana = await register('grsa', 'female');
  await api(request, owner.token, '/system/content/sendMsg', {
    method: 'POST',
    data: { to: ana.userId, msgType: 'txt', content: { text: 'Hi!' }, clientId: 'hi-ana' },
  });
  const group = await api<{ id: number }>(request, owner.token, '/em/groups', {
    method: 'POST',
    data: { name: 'Night owls', userIds: [ana.userId] },
  });
  for (const text of ['You are all idiots', 'Old news']) {
    await api(request, owner.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { groupId: group.id, msgType: 'txt', content: { text } },
    });
  }

  const she = await signIn(browser, testInfo, ana);
  await she.page.goto(url(`/pages/group-chat/group-chat?id=${group.id}`));

  // His message: Report, asked first.
  let options = await openActions(she.page, 'You are all idiots', testInfo);
  await options.getByRole('button', { name: 'Report' }).click();
  const form = she.page.getByRole('dialog', { name: `Report a message from ${owner.userName}` });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Please choose a reason')).toBeVisible();
  await form.getByRole('radio', { name: 'Harassment' }).check();
  await form.getByLabel('Details').fill('He insults everyone.');
  await shot(she.page, testInfo, 'group-report-message');
  expect(await axeFinds(she.page)).toEqual([]);
  await form.getByRole('button', { name: 'Send report' }).click();
  const confirm = she.page.getByRole('dialog', { name: 'Send this report?' });
  await expect(confirm).toContainText(`this message from ${owner.userName}`);
  await confirm.getByRole('button', { name: 'Send report' }).click();
  await expect(she.page.getByText('Thank you. Our team will review your report.')).toBeVisible();
  await expect(form).toBeHidden();

  // Delete for me: gone from her chat at once, and from her history, not from his.
  options = await openActions(she.page, 'Old news', testInfo);
  await options.getByRole('button', { name: 'Delete for me' }).click();
  await expect(she.page.getByTestId('message').filter({ hasText: 'Old news' })).toHaveCount(0);
  const texts = async (token: string) =>
    (
      await api<{ rows: { content: { text?: string } | null }[] }>(
        request,
        token,
        `/system/content/list?groupId=${group.id}&pageSize=20`,
      )
    ).rows.map((m) => m.content?.text);
  expect(await texts(ana.token)).not.toContain('Old news');
  expect(await texts(owner.token)).toContain('Old news');

  // A place shared to the group, found by name, shows in its chat.
  await she.page.getByRole('button', { name: 'More' }).click();
  await she.page.getByRole('button', { name: 'Place' }).click();
  await expect(she.page).toHaveURL(/\/choose-location\?data=/);
  await she.page.getByTestId('place-search').fill('Osak');
  await she.page.getByTestId('place-result').filter({ hasText: 'Osaka' }).first().click();
  await she.page.getByTestId('place-share').click();
  await expect(she.page).toHaveURL(/\/pages\/group-chat\/group-chat\?id=/);
  await expect(she.page.getByTestId('place-bubble')).toContainText('Osaka');

  // The group itself, from its members sheet.
  const members = await openMembers(she.page);
  await members.getByRole('button', { name: 'Report group' }).click();
  const groupForm = she.page.getByRole('dialog', { name: 'Report Night owls' });
  await groupForm.getByRole('radio', { name: 'Scam or fraud' }).check();
  await groupForm.getByRole('button', { name: 'Send report' }).click();
  await she.page
    .getByRole('dialog', { name: 'Send this report?' })
    .getByRole('button', { name: 'Send report' })
    .click();
  await expect(groupForm).toBeHidden();

  // The owner is not offered to report his own group.
  const he = await signIn(browser, testInfo, owner);
  await he.page.goto(url(`/pages/group-chat/group-chat?id=${group.id}`));
  const his = await openMembers(he.page);
  await expect(his.getByTestId('group-member').first()).toBeVisible();
  await expect(his.getByRole('button', { name: 'Report group' })).toHaveCount(0);

  await he.context.close();
  await she.context.close();
});
