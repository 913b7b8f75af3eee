import { GroupCursors } from './group-cursors';

const stored = () => JSON.parse(localStorage.getItem('IM_GROUP_SEQ') ?? '{}');

describe('group cursors', () => {
  beforeEach(() => localStorage.clear());

  it('start a device that never saw a group at the server number, skipping its history', () => {
    const cursors = new GroupCursors();
    expect(cursors.hello(42, { '17': 80, '18': 3 })).toEqual({ '17': 80, '18': 3 });
    expect(stored()).toEqual({ '42': { '17': 80, '18': 3 } });
  });

  it('resume each group after the last event processed, stored per account', () => {
    const first = new GroupCursors();
    first.hello(42, { '17': 80 });
    expect(first.isNew(17, 80)).toBe(false);
    expect(first.isNew(17, 81)).toBe(true);
    first.processed(17, 81);
    first.processed(17, 82);

    const later = new GroupCursors();
    expect(later.hello(42, { '17': 90 })).toEqual({ '17': 82 });
    expect(new GroupCursors().hello(7, { '17': 90 })).toEqual({ '17': 90 });
  });

  it('never go back, and distrust a number above the server’s', () => {
    const cursors = new GroupCursors();
    cursors.hello(42, { '17': 10 });
    cursors.processed(17, 12);
    cursors.processed(17, 11);
    expect(cursors.lastOf(17)).toBe(12);
    expect(new GroupCursors().hello(42, { '17': 5 })).toEqual({ '17': 5 });
  });

  it('resume once more a group I left while away, then forget it', () => {
    const cursors = new GroupCursors();
    cursors.hello(42, { '17': 10, '18': 4 });
    expect(new GroupCursors().hello(42, { '17': 10 })).toEqual({ '17': 10, '18': 4 });
    expect(stored()).toEqual({ '42': { '17': 10 } });
    expect(new GroupCursors().hello(42, { '17': 10 })).toEqual({ '17': 10 });
  });

  it('take an ack of the next number as that event, and any number of a group made since', () => {
    const cursors = new GroupCursors();
    cursors.hello(42, { '17': 10 });
    expect(cursors.isNext(17, 11)).toBe(true);
    expect(cursors.isNext(17, 12)).toBe(false);
    expect(cursors.isNext(99, 3)).toBe(true);
    cursors.processed(99, 1);
    expect(cursors.lastOf(99)).toBe(1);
    expect(stored()).toEqual({ '42': { '17': 10, '99': 1 } });
  });

  it('know nothing before hello', () => {
    const cursors = new GroupCursors();
    expect(cursors.isNew(17, 1)).toBe(false);
    expect(cursors.isNext(17, 1)).toBe(false);
    cursors.processed(17, 5);
    expect(stored()).toEqual({});
  });
});
