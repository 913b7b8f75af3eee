// The route table: every page of SPEC section 2 on its path, one lazily loaded chunk each, behind
// the guard it needs.
import { Outlet, type RouteObject, createBrowserRouter } from 'react-router';
import { paths, staffPaths } from '../lib/paths';
import { setNavigator } from '../lib/session';
import { FirstLaunchGate, GuestOnly, RequireAuth, StaffOnly } from './guards';
import { lazyPage } from './lazy-page';

// The signed-in shell (tab bar, side menu, the chat connection) is a chunk of its own too: the
// login route's first load does without it.
const AppLayout = lazyPage(() => import('./AppLayout').then((m) => ({ default: m.AppLayout })));

// One chunk per page.
const Index = lazyPage(() => import('../pages/index/IndexPage'));
const Login = lazyPage(() => import('../pages/login/LoginPage'));
const Register = lazyPage(() => import('../pages/register/RegisterPage'));
const ForgetPassword = lazyPage(() => import('../pages/forget-password/ForgetPasswordPage'));
const Dynamic = lazyPage(() => import('../pages/dynamic/DynamicPage'));
const DynamicDetail = lazyPage(() => import('../pages/dynamic-detail/DynamicDetailPage'));
const Homepage = lazyPage(() => import('../pages/homepage/HomepagePage'));
const Settings = lazyPage(() => import('../pages/settings/SettingsPage'));
const Recharge = lazyPage(() => import('../pages/recharge/RechargePage'));
const Grade = lazyPage(() => import('../pages/grade/GradePage'));
const Guide = lazyPage(() => import('../pages/guide/GuidePage'));
const Release = lazyPage(() => import('../pages/release/ReleasePage'));
const Message = lazyPage(() => import('../pages/message/MessagePage'));
const Chat = lazyPage(() => import('../pages/chat/ChatPage'));
const GroupChat = lazyPage(() => import('../pages/group-chat/GroupChatPage'));
const Rules = lazyPage(() => import('../pages/rules/RulesPage'));
const SwitchAccount = lazyPage(() => import('../pages/switch-account/SwitchAccountPage'));
const MultiLogin = lazyPage(() => import('../pages/multi-login/MultiLoginPage'));
const Splash = lazyPage(() => import('../pages/splash/SplashPage'));
const Album = lazyPage(() => import('../pages/album/AlbumPage'));
const IndexBranch = lazyPage(() => import('../pages/indexBranch/IndexBranchPage'));
const Download = lazyPage(() => import('../pages/download/DownloadPage'));
const Bulletin = lazyPage(() => import('../pages/Bulletin/BulletinPage'));
const RecentContact = lazyPage(() => import('../pages/RecentContact/RecentContactPage'));
const UpgradePopup = lazyPage(() => import('../pages/upgrade-popup/UpgradePopupPage'));
const ChooseLocation = lazyPage(() => import('../pages/choose-location/ChooseLocationPage'));
const OpenLocation = lazyPage(() => import('../pages/open-location/OpenLocationPage'));
const NotFound = lazyPage(() => import('../pages/not-found/NotFoundPage'));
const Safety = lazyPage(() => import('../pages/safety/SafetyPage'));
const Verification = lazyPage(() => import('../pages/verification/VerificationPage'));
const Suspended = lazyPage(() => import('../pages/suspended/SuspendedPage'));

// The staff console: its frame and pages are chunks of their own, fetched by staff only.
const StaffLayout = lazyPage(() => import('../pages/admin/StaffLayout'));
const StaffReports = lazyPage(() => import('../pages/admin/ReportsPage'));
const StaffReport = lazyPage(() => import('../pages/admin/ReportPage'));
const StaffReview = lazyPage(() => import('../pages/admin/ReviewPage'));
const StaffUsers = lazyPage(() => import('../pages/admin/UsersPage'));
const StaffUser = lazyPage(() => import('../pages/admin/UserPage'));
const StaffNotices = lazyPage(() => import('../pages/admin/NoticesPage'));
const StaffVersions = lazyPage(() => import('../pages/admin/VersionsPage'));
const StaffProducts = lazyPage(() => import('../pages/admin/ProductsPage'));
const StaffErrors = lazyPage(() => import('../pages/admin/ErrorsPage'));
const StaffAudit = lazyPage(() => import('../pages/admin/AuditPage'));

const privateRoutes: RouteObject[] = [
  { path: paths.root, element: <Index /> },
  { path: paths.index, element: <Index /> },
  { path: paths.dynamic, element: <Dynamic /> },
  { path: paths.dynamicDetail, element: <DynamicDetail /> },
  { path: paths.homepage, element: <Homepage /> },
  { path: paths.settings, element: <Settings /> },
  { path: paths.recharge, element: <Recharge /> },
  { path: paths.grade, element: <Grade /> },
  { path: paths.release, element: <Release /> },
  { path: paths.message, element: <Message /> },
  { path: paths.chat, element: <Chat /> },
  { path: paths.groupChat, element: <GroupChat /> },
  { path: paths.switchAccount, element: <SwitchAccount /> },
  { path: paths.album, element: <Album /> },
  { path: paths.indexBranch, element: <IndexBranch /> },
  { path: paths.download, element: <Download /> },
  { path: paths.bulletin, element: <Bulletin /> },
  { path: paths.recentContact, element: <RecentContact /> },
  { path: paths.upgradePopup, element: <UpgradePopup /> },
  { path: paths.chooseLocation, element: <ChooseLocation /> },
  { path: paths.openLocation, element: <OpenLocation /> },
  { path: paths.verification, element: <Verification /> },
];

const staffRoutes: RouteObject[] = [
  { path: staffPaths.reports, element: <StaffReports /> },
  { path: staffPaths.report, element: <StaffReport /> },
  { path: staffPaths.review, element: <StaffReview /> },
  { path: staffPaths.users, element: <StaffUsers /> },
  { path: staffPaths.user, element: <StaffUser /> },
  { path: staffPaths.notices, element: <StaffNotices /> },
  { path: staffPaths.versions, element: <StaffVersions /> },
  { path: staffPaths.products, element: <StaffProducts /> },
  { path: staffPaths.errors, element: <StaffErrors /> },
  { path: staffPaths.audit, element: <StaffAudit /> },
  { path: `${staffPaths.reports}/*`, element: <NotFound /> },
];

export const routes: RouteObject[] = [
  {
    element: <FirstLaunchGate />,
    children: [
      { path: paths.splash, element: <Splash /> },
      { path: paths.guide, element: <Guide /> },
      { path: paths.rules, element: <Rules /> },
      {
        element: (
          <GuestOnly>
            <Outlet />
          </GuestOnly>
        ),
        children: [
          { path: paths.login, element: <Login /> },
          { path: paths.register, element: <Register /> },
        ],
      },
      { path: paths.forgetPassword, element: <ForgetPassword /> },
      { path: paths.multiLogin, element: <MultiLogin /> },
      { path: paths.safety, element: <Safety /> },
      { path: paths.suspended, element: <Suspended /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: privateRoutes,
      },
      {
        element: (
          <RequireAuth>
            <StaffOnly fallback={<NotFound />}>
              <StaffLayout />
            </StaffOnly>
          </RequireAuth>
        ),
        children: staffRoutes,
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((path) => void router.navigate(path));
  return router;
}
