import { harshAnswered, rememberHarshAnswer } from './harsh';

describe('"Does this bother you?" answers', () => {
  beforeEach(() => localStorage.clear());

  it('are remembered per message', () => {
    expect(harshAnswered(7)).toBe(false);
    rememberHarshAnswer(7);
    expect(harshAnswered(7)).toBe(true);
    expect(harshAnswered(8)).toBe(false);
  });

  it('keep the newest 200, and survive a stored value that is not a list', () => {
    for (let id = 1; id <= 201; id++) rememberHarshAnswer(id);
    expect(harshAnswered(1)).toBe(false);
    expect(harshAnswered(2)).toBe(true);
    expect(harshAnswered(201)).toBe(true);
    localStorage.setItem('harshAnswered', '{"x":1}');
    expect(harshAnswered(2)).toBe(false);
    rememberHarshAnswer(3);
    expect(harshAnswered(3)).toBe(true);
  });
});
