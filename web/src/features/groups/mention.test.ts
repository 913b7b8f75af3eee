import { matchingNames, typedMention } from './mention';

const people = [
  { userName: 'Yuki' },
  { userName: 'yukiko_t' },
  { userName: 'Ana Maria' },
  { userName: 'Bob' },
  { userName: 'Kat.yu' },
];
const names = (query: string) => matchingNames(people, query).map((p) => p.userName);

describe('the mention being typed', () => {
  it('starts with an "@" at the start or after a space, up to the cursor', () => {
    expect(typedMention('@yu', 3)).toEqual({ from: 0, to: 3, query: 'yu' });
    expect(typedMention('hi @', 4)).toEqual({ from: 3, to: 4, query: '' });
    expect(typedMention('hi\n@Ana M', 9)).toEqual({ from: 3, to: 9, query: 'Ana M' });
    // The cursor in the middle: only what is before it counts.
    expect(typedMention('hi @yuki there', 6)).toEqual({ from: 3, to: 6, query: 'yu' });
  });

  it('is none in an address, without an "@", or across lines', () => {
    expect(typedMention('mail me at a@b.c', 16)).toBeNull();
    expect(typedMention('hello', 5)).toBeNull();
    expect(typedMention('@yuki\nsee you', 13)).toBeNull();
    expect(typedMention('@@', 2)).toBeNull();
  });
});

describe('the names that fit', () => {
  it('are all (the first few) when nothing follows the "@"', () => {
    expect(names('')).toEqual(['Yuki', 'yukiko_t', 'Ana Maria', 'Bob', 'Kat.yu']);
    const many = Array.from({ length: 10 }, (_, i) => ({ userName: `p${i}` }));
    expect(matchingNames(many, '')).toHaveLength(6);
  });

  it('start with what was typed, any case, then have a word starting with it', () => {
    expect(names('YU')).toEqual(['Yuki', 'yukiko_t', 'Kat.yu']);
    expect(names('mar')).toEqual(['Ana Maria']);
    expect(names('t')).toEqual(['yukiko_t']);
    expect(names('z')).toEqual([]);
  });

  it('after a space, start with the whole of it', () => {
    expect(names('ana m')).toEqual(['Ana Maria']);
    expect(names('Yuki ')).toEqual([]);
  });
});
