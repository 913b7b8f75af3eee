import { i18n, initI18n, setLanguage, t } from '../i18n';
import { SYSTEM_ACTIONS, namesInLines, readSystemLine, systemLineText } from './group-system-line';

const YUKI = { id: 1, name: 'Yuki' };
const CARLOS = { id: 2, name: 'Carlos' };
const ANA = { id: 3, name: 'Ana' };

describe('a group system line', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
  });
  afterAll(async () => {
    await setLanguage('en');
  });

  it('says who did what to whom, in English', () => {
    const line = { action: 'added', by: YUKI, people: [CARLOS, ANA] };
    expect(systemLineText(line, 9, t)).toBe('Yuki added Carlos and Ana');
  });

  it('says "You" for what I did and "you" for me among the people', () => {
    expect(systemLineText({ action: 'added', by: YUKI, people: [CARLOS] }, 1, t)).toBe(
      'You added Carlos',
    );
    expect(systemLineText({ action: 'removed', by: YUKI, people: [CARLOS] }, 2, t)).toBe(
      'Yuki removed you',
    );
    expect(systemLineText({ action: 'handedOver', by: YUKI, people: [CARLOS] }, 2, t)).toBe(
      'Yuki handed the group over to you',
    );
  });

  it('has a sentence of its own for what was done to me alone, in every language', async () => {
    const toMe = (action: string) =>
      systemLineText({ action, by: YUKI, people: [CARLOS] }, CARLOS.id, t);
    await setLanguage('es');
    expect(toMe('removed')).toBe('Yuki te quitó del grupo');
    expect(toMe('promoted')).toBe('Yuki te hizo administrador');
    expect(toMe('handedOver')).toBe('Yuki te cedió el grupo');
    for (const language of ['en', 'zh-Hans', 'zh-Hant', 'ja', 'kr', 'ge', 'ru'] as const) {
      await setLanguage(language);
      for (const action of ['added', 'removed', 'promoted', 'demoted', 'handedOver']) {
        expect(toMe(action)).toContain('Yuki');
        expect(toMe(action)).not.toContain('Carlos');
        expect(toMe(action)).not.toContain('{{');
      }
    }
    await setLanguage('en');
  });

  it('names the group when it is renamed', () => {
    const line = { action: 'renamed', by: CARLOS, people: [], name: 'Hikers' };
    expect(systemLineText(line, 1, t)).toBe('Carlos renamed the group to “Hikers”');
  });

  it('says the picture changed when a "renamed" line has no name', () => {
    const line = { action: 'renamed', by: CARLOS, people: [] };
    expect(systemLineText(line, 1, t)).toBe("Carlos changed the group's picture");
    expect(systemLineText(line, CARLOS.id, t)).toBe("You changed the group's picture");
  });

  it('reads someone leaving whether named as doer or among the people', () => {
    expect(systemLineText({ action: 'left', by: ANA, people: [] }, 1, t)).toBe(
      'Ana left the group',
    );
    expect(systemLineText({ action: 'left', people: [ANA] }, 3, t)).toBe('You left the group');
  });

  it('has a sentence for every action, and one for what it does not know', () => {
    for (const action of SYSTEM_ACTIONS) {
      const text = systemLineText({ action, by: YUKI, people: [CARLOS], name: 'X' }, 9, t);
      expect(text).not.toContain('{{');
      expect(text).not.toContain('groups.line');
    }
    expect(systemLineText({ action: 'exploded' }, 9, t)).toBe('The group changed');
    expect(systemLineText(null, 9, t)).toBe('The group changed');
  });

  it("is written in the reader's language", async () => {
    await setLanguage('ja');
    expect(i18n.language).toBe('ja');
    expect(systemLineText({ action: 'added', by: YUKI, people: [CARLOS] }, 9, t)).toBe(
      'YukiがCarlosを追加しました',
    );
    await setLanguage('ru');
    expect(systemLineText({ action: 'promoted', by: YUKI, people: [CARLOS] }, 2, t)).toBe(
      'Yuki назначил(а) вас администратором',
    );
  });

  it('reads what it can of a malformed line', () => {
    expect(
      readSystemLine({ action: 'added', by: 'nobody', people: [{ id: 'x' }, CARLOS] }),
    ).toEqual({ action: 'added', by: null, people: [CARLOS], name: '' });
  });
});

describe('names in system lines', () => {
  it('keep the name of everyone a line mentions, the latest winning', () => {
    const names = namesInLines([
      { type: 'system', content: { action: 'created', by: YUKI, people: [CARLOS] } },
      { type: 'txt', content: { text: 'hi' } },
      { type: 'system', content: { action: 'left', by: { id: 2, name: 'Carlos R.' }, people: [] } },
    ]);
    expect([...names]).toEqual([
      [1, 'Yuki'],
      [2, 'Carlos R.'],
    ]);
  });
});
