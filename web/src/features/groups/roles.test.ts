import { memberActions } from './roles';

const me = 1;

describe('what my role lets me do to a member', () => {
  it('lets the owner make or unmake admins, hand over and remove anyone', () => {
    expect(memberActions(0, { userId: 2, role: 2 }, me)).toEqual([
      'makeAdmin',
      'handOver',
      'remove',
    ]);
    expect(memberActions(0, { userId: 3, role: 1 }, me)).toEqual([
      'unmakeAdmin',
      'handOver',
      'remove',
    ]);
  });

  it('lets an admin remove members only', () => {
    expect(memberActions(1, { userId: 2, role: 2 }, me)).toEqual(['remove']);
    expect(memberActions(1, { userId: 3, role: 1 }, me)).toEqual([]);
    expect(memberActions(1, { userId: 4, role: 0 }, me)).toEqual([]);
  });

  it('gives a member, myself, and an ended group nothing', () => {
    expect(memberActions(2, { userId: 2, role: 2 }, me)).toEqual([]);
    expect(memberActions(0, { userId: me, role: 0 }, me)).toEqual([]);
    expect(memberActions(null, { userId: 2, role: 2 }, me)).toEqual([]);
  });
});
