// A person who uses only the keyboard: logs in, opens someone from Discover, likes her, opens the
// chat and sends a message, with every stop showing where focus is; and each kind of form field
// shows focus as a ring, not by its border colour alone.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { person, registerViaApi, shot, skipSplash, url } from './helpers';

/** Presses Tab until `target` has focus, as a person would, and checks focus is drawn. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    const focused = await target.evaluate((el) => el === document.activeElement).catch(() => false);
    if (focused) {
      const drawn = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return (
          el.matches(':focus-visible') &&
          (style.outlineStyle !== 'none' || style.boxShadow !== 'none')
        );
      });
      expect(drawn, 'focus is drawn').toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('with the keyboard alone he logs in, likes someone from Discover and writes to her @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('kbd', testInfo);
  await registerViaApi(request, me, { gender: 'male' });
  await skipSplash(page);
  await page.goto(url('/pages/login/login'));

  await tabTo(page, page.getByLabel('User name or email'));
  await page.keyboard.type(me.userName);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(me.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url('/'));

  const card = page.getByTestId('person-card').first().getByRole('link');
  await expect(card).toBeVisible();
  const name = (await page.getByTestId('person-name').first().textContent()) ?? '';
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('profile-name')).toHaveText(name);

  const like = page.getByTestId('like-button');
  await tabTo(page, like);
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  await tabTo(page, page.getByRole('link', { name: 'Message', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  await tabTo(page, page.getByRole('textbox'));
  await page.keyboard.type('Hello from the keyboard');
  await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('message').filter({ hasText: 'Hello from the keyboard' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveValue('');
});

/** The contrast ratio of two colours as `getComputedStyle` writes them (`rgb(r, g, b)`). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, bl = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('a text field, a list to choose from and a text area each show focus as a ring @desktop', async ({
  page,
}, testInfo) => {
  await skipSplash(page);
  await page.goto(url('/pages/register/register'));
  const ground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  for (const field of [
    page.getByLabel('Email'),
    page.getByLabel('Country'),
    page.getByLabel('About me'),
  ]) {
    await tabTo(page, field);
    const ring = await field.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        colour: style.outlineColor,
        inside: style.backgroundColor,
      };
    });
    expect(ring.style, 'an outline is drawn').not.toBe('none');
    expect(ring.width, 'the outline is 2 px or more').toBeGreaterThanOrEqual(2);
    // 3:1 or more against the page around the field and against the field itself.
    expect(contrast(ring.colour, ground)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring.colour, ring.inside)).toBeGreaterThanOrEqual(3);
  }
  await shot(page, testInfo, 'focus-ring-text-area');
});
