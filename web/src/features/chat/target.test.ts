import { chatHref } from '../../lib/paths';
import { parseChatTarget } from './target';

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
    expect(parseChatTarget('{"userId":-3}')).toBeNull();
  });

  it('links a conversation to the chat page with its unread count', () => {
    const href = chatHref(
      { userId: 7, userName: 'Mika', emUser: 'u7', avatar: null, gender: 'female' },
      3,
    );
    const url = new URL(href, 'https://amora.test');
    expect(url.pathname).toBe('/pages/chat/chat');
    expect(parseChatTarget(url.searchParams.get('data'))).toEqual({
      userId: 7,
      userName: 'Mika',
      emUser: 'u7',
      avatar: '',
      sex: 'female',
      unRead: 3,
    });
  });
});
