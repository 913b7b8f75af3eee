// @ts-expect-error plain ES module without types
import { checkLocales } from '../../scripts/check-locales.mjs';

describe('translations', () => {
  it('have every English key, with the same placeholders, in all eight languages', () => {
    expect(checkLocales()).toEqual([]);
  });
});
