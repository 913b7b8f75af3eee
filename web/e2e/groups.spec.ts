// The story of a group chat: someone makes a group of two people they talk to, their message
// reaches both, an admin removes one, the owner hands the group over and leaves, and the new owner
// mutes it, renames it and keeps strangers from adding her to groups. And a member reports a
// message and the group (each asked first), and hides a message from her own history.
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { signIn } from './chat-people';
import { api, person, registerViaApi, shot, url } from './helpers';

const line = (page: Page, text: string | RegExp) =>
  page.getByTestId('system-line').filter({ hasText: text });

async function openMembers(page: Page) {
  await page.getByTestId('group-members-button').click();
  return page.getByRole('dialog', { name: /\d+ members?$/ });
}

/** What axe finds serious or critical on the page as it is (an open sheet included). */
async function axeFinds(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens a member's options in the members sheet and picks one. */
async function memberAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('dialog', { name }).getByRole('button', { name: action }).click();
}

test('a group: made, talked in, an admin removes someone, the owner hands over and leaves', async ({
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
  const owner = await register('gro', 'male');
  const yuki = await register('gry', 'female');
  const ana = await register('gra', 'female');
  // The owner talks to both: they are people he may put in a group.
  for (const [i, them] of [yuki, ana].entries()) {
    await api(request, owner.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: them.userId, msgType: 'txt', content: { text: 'Hi!' }, clientId: `hi-${i}` },
    });
  }

  const he = await signIn(browser, testInfo, owner);
  const she = await signIn(browser, testInfo, yuki);

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
  const groupId = Number(new URL(he.page.url()).searchParams.get('id'));
  await expect(he.page.getByRole('heading', { level: 1 })).toContainText('Weekend hikers');
  await expect(line(he.page, 'You created the group')).toBeVisible();

  const input = he.page.getByLabel('Type a message');
  await input.fill('Hello hikers! Saturday at nine?');
  await input.press('Enter');
  const mine = he.page.getByTestId('message').filter({ hasText: 'Saturday at nine' });
  await expect(mine.getByTestId('read-by')).toHaveText('Sent');

  // It reaches her among her conversations, unread, and in the group with his name above it.
  await she.page.goto(url('/pages/message/message'));
  const row = she.page.getByTestId('group-row').filter({ hasText: 'Weekend hikers' });
  await expect(row).toContainText('Saturday at nine');
  await expect(row.getByTestId('unread-badge')).toHaveText('1');
  await shot(she.page, testInfo, 'group-in-messages');
  expect(await axeFinds(she.page)).toEqual([]);
  await row.click();
  const theirs = she.page.getByTestId('message').filter({ hasText: 'Saturday at nine' });
  await expect(theirs).toContainText(owner.userName);
  await expect(line(she.page, `${owner.userName} created the group`)).toBeVisible();
  // And Ana's list has it too.
  const anas = await api<{ rows: { content: { text?: string } | null }[] }>(
    request,
    ana.token,
    `/system/content/list?groupId=${groupId}&pageSize=20`,
  );
  expect(anas.rows.some((m) => m.content?.text?.includes('Saturday at nine'))).toBe(true);

  // He sees that she has read it.
  await he.page.reload();
  await expect(mine.getByTestId('read-by')).toHaveText('Read by 1');
  await shot(he.page, testInfo, 'group-chat');
  expect(await axeFinds(he.page)).toEqual([]);

  // He makes her an admin; she removes Ana.
  let members = await openMembers(he.page);
  await memberAction(he.page, yuki.userName, 'Make admin');
  await expect(
    members.getByTestId('group-member').filter({ hasText: yuki.userName }),
  ).toContainText('Admin');
  await members.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(line(she.page, `${owner.userName} made you an admin`)).toBeVisible();

  members = await openMembers(she.page);
  await memberAction(she.page, ana.userName, 'Remove from group');
  await she.page
    .getByRole('dialog', { name: `Remove ${ana.userName} from the group?` })
    .getByRole('button', { name: 'Remove from group' })
    .click();
  await expect(members.getByTestId('group-member')).toHaveCount(2);
  await members.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(line(he.page, `${yuki.userName} removed ${ana.userName}`)).toBeVisible();

  // He hands the group over to her and leaves.
  members = await openMembers(he.page);
  await memberAction(he.page, yuki.userName, 'Hand over the group');
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

  await expect(line(she.page, `${owner.userName} handed the group over to you`)).toBeVisible();
  await expect(line(she.page, `${owner.userName} left the group`)).toBeVisible();
  members = await openMembers(she.page);
  await expect(members.getByTestId('group-member')).toHaveCount(1);
  await expect(members).toContainText('Owner');
  await shot(she.page, testInfo, 'group-members');
  expect(await axeFinds(she.page)).toEqual([]);

  // She quiets it for a while.
  await members.getByRole('button', { name: 'Mute notifications' }).click();
  await she.page
    .getByRole('dialog', { name: 'Mute this group' })
    .getByRole('button', { name: 'For 8 hours' })
    .click();
  await expect(members.getByTestId('group-muted')).toContainText('Muted until');
  await expect(members.getByRole('button', { name: 'Unmute notifications' })).toBeVisible();

  // The group is hers now: she renames it.
  await members.getByRole('button', { name: 'Rename group' }).click();
  const rename = she.page.getByRole('dialog', { name: 'Rename group' });
  await rename.getByLabel('Group name').fill('Saturday hikers');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(she.page.getByRole('heading', { level: 1 })).toContainText('Saturday hikers');
  await members.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(line(she.page, 'You renamed the group to “Saturday hikers”')).toBeVisible();

  // And only people she has matched with may add her to groups from now on.
  await she.page.goto(url('/pages/settings/settings'));
  const onlyMatches = she.page.getByTestId('group-added-by');
  await expect(onlyMatches).not.toBeChecked();
  await onlyMatches.click();
  await expect(onlyMatches).toBeChecked();
  await expect
    .poll(() => api<{ addedBy: string }>(request, yuki.token, '/em/groups/settings'))
    .toEqual({ addedBy: 'matches' });

  await he.context.close();
  await she.context.close();
});

/** Opens a message's options: a long press on a touch screen, a right-click with a mouse. */
async function messageOptions(page: Page, text: string, touch: boolean | undefined) {
  const target = page.getByTestId('message').filter({ hasText: text }).locator('.bubble');
  if (touch) {
    const box = await target.boundingBox();
    const at = { clientX: (box?.x ?? 0) + 10, clientY: (box?.y ?? 0) + 10 };
    await target.dispatchEvent('pointerdown', { pointerType: 'touch', ...at });
    await page.waitForTimeout(650);
    await target.dispatchEvent('pointerup', { pointerType: 'touch', ...at });
  } else {
    await target.click({ button: 'right' });
  }
  return page.getByRole('dialog', { name: 'Message options' });
}

test('in a group, a member reports a message and the group, each asked first, and hides a message for herself', async ({
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
  const touch = testInfo.project.use.hasTouch;

  // His message: Report, asked first.
  let options = await messageOptions(she.page, 'You are all idiots', touch);
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
  options = await messageOptions(she.page, 'Old news', touch);
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
