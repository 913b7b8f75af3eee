import { ended, nextAfter, register, started } from './player';

function bubble(list: HTMLElement) {
  const element = document.createElement('div');
  list.appendChild(element);
  const calls: string[] = [];
  const playable = {
    element,
    play: () => calls.push('play'),
    pause: () => calls.push('pause'),
  };
  return { playable, calls };
}

describe('voice messages in a row', () => {
  it('play the next one below when one ends, and only one at a time', () => {
    const list = document.createElement('div');
    document.body.appendChild(list);
    const [a, b, c] = [bubble(list), bubble(list), bubble(list)];
    // Registered out of order: the page's order counts.
    const off = [c, a, b].map((x) => register(x.playable));
    expect(nextAfter(a.playable)).toBe(b.playable);
    started(a.playable);
    started(b.playable);
    expect(a.calls).toEqual(['pause']);
    expect(ended(b.playable)).toBe(c.playable);
    expect(c.calls).toEqual(['play']);
    expect(ended(c.playable)).toBeNull();
    // One taken off the page is skipped.
    off[2]?.();
    expect(nextAfter(a.playable)).toBe(c.playable);
    for (const f of off) f();
    list.remove();
  });
});
