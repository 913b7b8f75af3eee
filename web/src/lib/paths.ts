// Every route of SPEC section 2 (history mode, no path parameters: data travels in the query),
// the Safety tips, the staff console's routes (which do take ids in the path), and the addresses
// built from them that more than one feature links to.
import type { components } from './api-schema';

export const paths = {
  root: '/',
  index: '/pages/index/index',
  login: '/pages/login/login',
  register: '/pages/register/register',
  forgetPassword: '/pages/forget-password/forget-password',
  dynamic: '/pages/dynamic/dynamic',
  dynamicDetail: '/pages/dynamic-detail/dynamic-detail',
  homepage: '/pages/homepage/homepage',
  settings: '/pages/settings/settings',
  recharge: '/pages/recharge/recharge',
  grade: '/pages/grade/grade',
  guide: '/pages/guide/guide',
  release: '/pages/release/release',
  message: '/pages/message/message',
  chat: '/pages/chat/chat',
  groupChat: '/pages/group-chat/group-chat',
  rules: '/pages/rules/rules',
  switchAccount: '/pages/switch-account/switch-account',
  multiLogin: '/pages/multi-login/multi-login',
  splash: '/pages/splash/splash',
  album: '/pages/album/album',
  indexBranch: '/pages/indexBranch/indexBranch',
  download: '/pages/download/download',
  bulletin: '/pages/Bulletin/Bulletin',
  recentContact: '/pages/RecentContact/RecentContact',
  upgradePopup: '/uni_modules/uni-upgrade-center-app/pages/upgrade-popup',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
  safety: '/safety',
  verification: '/pages/verification/verification',
  suspended: '/pages/suspended/suspended',
} as const;

/** The staff console (DESIGN section 9): staff only, everyone else sees not-found. */
export const staffPaths = {
  reports: '/admin',
  report: '/admin/reports/:id',
  review: '/admin/review',
  users: '/admin/users',
  user: '/admin/users/:id',
  notices: '/admin/notices',
  versions: '/admin/versions',
  products: '/admin/products',
  errors: '/admin/errors',
  audit: '/admin/audit',
} as const;

/** One report in the staff console. */
export function staffReportHref(id: number): string {
  return `/admin/reports/${id}`;
}

/** One person in the staff console. */
export function staffUserHref(userId: number): string {
  return `/admin/users/${userId}`;
}

/** A person's profile page. */
export function profileHref(userId: number): string {
  return `${paths.homepage}?userId=${userId}`;
}

/** A group's chat. */
export function groupChatHref(groupId: number): string {
  return `${paths.groupChat}?id=${groupId}`;
}

type Card = components['schemas']['Card'];

/**
 * The chat page's address for a person, as every list links to it: the partner travels as JSON in
 * `data` (SPEC sections 2 and 3): {userId, userName, emUser, avatar, sex, unRead}.
 */
export function chatHref(
  card: Pick<Card, 'userId' | 'userName' | 'emUser' | 'avatar' | 'gender'>,
  unRead = 0,
): string {
  const target = {
    userId: card.userId,
    userName: card.userName,
    emUser: card.emUser,
    avatar: card.avatar ?? '',
    sex: card.gender,
    unRead,
  };
  return `${paths.chat}?data=${encodeURIComponent(JSON.stringify(target))}`;
}
