import { MAX_PHOTO_BYTES, fileProblem, pickWithin, roomLeft } from './photo-file';

const jpeg = (name: string, size = 1000) => ({ name, type: 'image/jpeg', size });

describe('photos picked for the album', () => {
  it('fit in the room left of six', () => {
    expect(roomLeft(0)).toBe(6);
    expect(roomLeft(4)).toBe(2);
    expect(roomLeft(6)).toBe(0);
    expect(roomLeft(9)).toBe(0);
  });

  it('must be images of at most 10 MB', () => {
    expect(fileProblem(jpeg('a.jpg'))).toBeNull();
    expect(fileProblem(jpeg('exactly.jpg', MAX_PHOTO_BYTES))).toBeNull();
    expect(fileProblem(jpeg('big.jpg', MAX_PHOTO_BYTES + 1))).toBe('tooLarge');
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toBe('notImage');
  });

  it('are taken up to the room left; the rest are counted, bad ones named', () => {
    const picked = [
      jpeg('1.jpg'),
      { name: 'doc.pdf', type: 'application/pdf', size: 5 },
      jpeg('2.jpg'),
      jpeg('huge.jpg', MAX_PHOTO_BYTES * 2),
      jpeg('3.jpg'),
    ];
    const { take, rejected, overflow } = pickWithin(picked, 2);
    expect(take.map((f) => f.name)).toEqual(['1.jpg', '2.jpg']);
    expect(rejected.map((r) => [r.file.name, r.problem])).toEqual([
      ['doc.pdf', 'notImage'],
      ['huge.jpg', 'tooLarge'],
    ]);
    expect(overflow).toBe(1);
  });
});
