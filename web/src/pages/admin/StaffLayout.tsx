// The staff console's frame: its sections beside (desktop) or above (phone) the page.
import { Outlet, useLocation } from 'react-router';
import { StaffNav } from '../../features/staff/components/StaffNav';

export default function StaffLayout() {
  const { pathname } = useLocation();
  return (
    <div className="staff-shell">
      <StaffNav pathname={pathname} />
      <main className="staff-main">
        <Outlet />
      </main>
    </div>
  );
}
