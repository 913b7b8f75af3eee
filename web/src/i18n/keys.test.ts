import { countryName } from './countries';
import { type KeysUnder, type TranslationKey, i18n, initI18n, setLanguage, t } from '.';

describe('translation keys', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
  });

  it('translate outside React, a plural key by its base name', () => {
    expect(t('errors.generic')).toBe('Something went wrong, please try again');
    expect(t('wallet.coinsAmount', { count: 1, amount: '1' })).toBe('1 coin');
    expect(t('wallet.coinsAmount', { count: 3, amount: '3' })).toBe('3 coins');
  });

  it('name a listed country, and leave another as the server wrote it', () => {
    expect(countryName('South Korea', t)).toBe('South Korea');
    expect(countryName('Atlantis', t)).toBe('Atlantis');
  });

  it('are those of en.json, and nothing else', () => {
    const mistakes = [
      // @ts-expect-error: misspelled
      () => t('errors.genric'),
      // @ts-expect-error: useTranslation's t is checked the same way
      () => i18n.t('errors.genric'),
      // @ts-expect-error: a default value does not excuse a misspelling
      () => i18n.t('errors.genric', { defaultValue: 'Oops' }),
      // @ts-expect-error: a section is not a text
      () => t('errors'),
      // @ts-expect-error: keys are not built from any string
      (code: string) => t(`wallet.gift.${code}`),
    ];
    expect(mistakes).toHaveLength(5);
    expectTypeOf<'wallet.coinsAmount'>().toExtend<TranslationKey>();
    expectTypeOf<KeysUnder<'wallet.gift'>>().toExtend<string>();
    expectTypeOf<'rose'>().toExtend<KeysUnder<'wallet.gift'>>();
    expectTypeOf<'tulip'>().not.toExtend<KeysUnder<'wallet.gift'>>();
  });
});
