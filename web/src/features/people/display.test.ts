import { chatHref, profileHref } from '../../lib/paths';
import { displayName } from './display';

describe('how people are named and linked', () => {
  it('shows my remark instead of the name when there is one', () => {
    expect(displayName({ userName: 'Emma23', remark: null })).toBe('Emma23');
    expect(displayName({ userName: 'Emma23', remark: '  ' })).toBe('Emma23');
    expect(displayName({ userName: 'Emma23', remark: 'Emma from Kyoto' })).toBe('Emma from Kyoto');
  });

  it('links to a profile through the query string', () => {
    expect(profileHref(42)).toBe('/pages/homepage/homepage?userId=42');
  });

  it('hands the chat page its partner as JSON in data', () => {
    const href = chatHref({
      userId: 42,
      userName: 'Emma23',
      emUser: 'u42',
      avatar: '/media/a.jpg',
      gender: 'female',
    });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/pages/chat/chat');
    expect(JSON.parse(url.searchParams.get('data') ?? '')).toEqual({
      userId: 42,
      userName: 'Emma23',
      emUser: 'u42',
      avatar: '/media/a.jpg',
      sex: 'female',
      unRead: 0,
    });
  });
});
