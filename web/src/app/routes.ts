// Every route of SPEC section 2 (history mode, no path parameters).
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
} as const;

/** Pages anyone may open, signed in or not. */
export const publicPaths: readonly string[] = [
  paths.login,
  paths.register,
  paths.forgetPassword,
  paths.rules,
  paths.splash,
  paths.guide,
  paths.multiLogin,
];

/** Pages the first launch may show before the splash has been seen. */
export const firstLaunchPaths: readonly string[] = [paths.splash, paths.guide, paths.rules];
