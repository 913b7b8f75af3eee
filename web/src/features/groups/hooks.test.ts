import { getMessagesUnread, getUnreadNumber, setGroupUnreadNumber } from '../../lib/unread-number';
import { unreadInGroups } from './hooks';

describe("the groups' share of the Messages tab's number", () => {
  it("is every group's unread count added up", () => {
    expect(unreadInGroups([])).toBe(0);
    expect(unreadInGroups([{ unread: 2 }, { unread: 0 }, { unread: 5 }])).toBe(7);
    expect(unreadInGroups([{ unread: -1 }, { unread: 1 }])).toBe(1);
  });

  it('is added to the unread one-to-one messages', () => {
    const oneToOne = getUnreadNumber();
    setGroupUnreadNumber(4);
    expect(getMessagesUnread()).toBe(oneToOne + 4);
    setGroupUnreadNumber(0);
    expect(getMessagesUnread()).toBe(oneToOne);
  });
});
