import { afterLeaving, movedIndex, queueKey } from './queue-keys';

const press = (key: string, target: EventTarget | null = null, mods = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  target,
  ...mods,
});

describe('the keys of a moderation queue', () => {
  it('move with j / k and the arrows, and decide with the letters the queue takes', () => {
    const letters = ['a', 'r'];
    expect(queueKey(press('j'), letters)).toEqual({ move: 'next' });
    expect(queueKey(press('ArrowUp'), letters)).toEqual({ move: 'previous' });
    expect(queueKey(press('A'), letters)).toEqual({ letter: 'a' });
    expect(queueKey(press('d'), letters)).toBeNull();
  });

  it('leave alone what is typed into a field, with a modifier, or in a dialog', () => {
    const input = document.createElement('input');
    const dialog = document.createElement('dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(input, dialog);
    expect(queueKey(press('a', input), ['a'])).toBeNull();
    expect(queueKey(press('a', button), ['a'])).toBeNull();
    expect(queueKey(press('r', null, { ctrlKey: true }), ['r'])).toBeNull();
    input.remove();
    dialog.remove();
  });

  it('stop at the ends of the list', () => {
    expect(movedIndex('next', -1, 3)).toBe(0);
    expect(movedIndex('next', 2, 3)).toBe(2);
    expect(movedIndex('previous', 0, 3)).toBe(0);
    expect(movedIndex('last', 0, 3)).toBe(2);
    expect(movedIndex('next', -1, 0)).toBe(-1);
  });

  it('give a decided item’s place to the next one, or the last when it was last', () => {
    expect(afterLeaving(1, 3)).toBe(1);
    expect(afterLeaving(3, 3)).toBe(2);
    expect(afterLeaving(0, 0)).toBe(-1);
  });
});
