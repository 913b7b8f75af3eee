// A person's card as the server sends it, for tests: a woman in Japan, offline, not liked, her
// photos not verified.
import type { Card } from './types';

export function testCard(userId: number, userName = `Person ${userId}`): Card {
  return {
    userId,
    userName,
    remark: null,
    gender: 'female',
    age: 30,
    country: 'Japan',
    language: 'ja',
    online: false,
    liked: false,
    service: false,
    verified: false,
    active: 'recently',
    emUser: `u${userId}`,
  };
}
