import { ApiError } from '../../../lib/request';
import { classifyTranslateError } from './translate-message';

describe('why a translation was refused', () => {
  it('reads a missing character pack from the answer, in any language', () => {
    const refused = new ApiError(400, 'Zeichenpaket reicht nicht, bitte aufladen!', {
      recharge: 'character',
    });
    expect(classifyTranslateError(refused)).toBe('insufficient');
  });

  it('knows an unsupported language by its message, and anything else is a failure', () => {
    expect(
      classifyTranslateError(new ApiError(400, 'Translation is not available for this language')),
    ).toBe('unavailable');
    expect(
      classifyTranslateError(new ApiError(400, 'Insufficient coins', { recharge: 'gold' })),
    ).toBe('failed');
    expect(classifyTranslateError(new ApiError(503, 'down'))).toBe('failed');
    expect(classifyTranslateError(new Error('offline'))).toBe('failed');
  });
});
