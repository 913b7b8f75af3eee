// Which routes anyone may open, and which the first launch may show (the table is in lib/paths).
import { paths } from '../lib/paths';

/** Pages anyone may open, signed in or not. */
export const publicPaths: readonly string[] = [
  paths.login,
  paths.register,
  paths.forgetPassword,
  paths.rules,
  paths.splash,
  paths.guide,
  paths.multiLogin,
  paths.safety,
  paths.suspended,
];

/** Pages the first launch may show before the splash has been seen. */
export const firstLaunchPaths: readonly string[] = [paths.splash, paths.guide, paths.rules];
