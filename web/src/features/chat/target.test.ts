import { parseChatTarget } from './chat-target';

describe('chat target from the data query parameter', () => {
  it('reads the partner object', () => {
    const raw = JSON.stringify({
      userId: 7,
      userName: 'Mika',
      emUser: 'u7',
      avatar: '/a.jpg',
      sex: 'female',
      unRead: 2,
    });
    expect(parseChatTarget(raw)).toEqual({
      userId: 7,
      userName: 'Mika',
      emUser: 'u7',
      avatar: '/a.jpg',
      sex: 'female',
      unRead: 2,
    });
  });

  it('ignores missing or broken data', () => {
    expect(parseChatTarget(null)).toBeNull();
    expect(parseChatTarget('{oops')).toBeNull();
    expect(parseChatTarget('{"userName":"x"}')).toBeNull();
  });
});
