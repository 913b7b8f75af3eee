// A person as staff see them: their account, ban or unban, the reports against them and the
// history of what staff did about them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { countryName } from '../../../i18n/countries';
import { formatNumber } from '../../../i18n/format';
import { staffReportHref } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useBan, useUnban } from '../api/users';
import type { StaffUserDetail } from '../api/types';
import { AuditRow } from './AuditList';
import { BanDialog } from './BanDialog';
import { ActionBadge, HeldBadge, ReportStatusBadge, StatusBadge } from './badges';
import { reasonLabel, when } from './display';

export function UserView({ user }: { user: StaffUserDetail }) {
  const { t } = useTranslation();
  const ban = useBan();
  const unban = useUnban();
  const [asking, setAsking] = useState<'ban' | 'unban' | null>(null);
  const name = user.userName;
  const genderLabel = (gender: string | null) =>
    gender === 'female' || gender === 'male' ? t(`fields.${gender}`) : (gender ?? '—');
  const facts: [string, string][] = [
    [t('staff.users.email'), user.email ?? '—'],
    [t('staff.users.role'), t(`staff.role.${user.role}`)],
    [t('staff.users.level'), user.level ?? t('staff.users.noLevel')],
    [t('staff.users.country'), user.country ? countryName(user.country, t) : '—'],
    [t('staff.users.gender'), genderLabel(user.gender)],
    [t('staff.users.joined'), when(user.createdAt)],
    [t('staff.users.lastActive'), when(user.lastActiveAt) || '—'],
    [t('staff.users.reportsFiled'), formatNumber(user.reportsFiled)],
  ];

  return (
    <div className="staff-detail">
      <section className="card staff-block" aria-label={name}>
        <div className="staff-person">
          <Avatar src={user.avatar} name={name} size={64} alt="" />
          <span className="grow">
            <strong className="staff-name">{name}</strong>{' '}
            <span className="muted">#{user.userId}</span>
            <span className="staff-badges">
              <StatusBadge status={user.status} />
              {user.held && <HeldBadge />}
            </span>
          </span>
        </div>
        {user.signature && <p className="staff-text">{user.signature}</p>}
        <dl className="staff-facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {user.status === 'banned' && (
          <p className="staff-ban" role="status" data-testid="ban-state">
            {user.bannedUntil
              ? t('staff.users.bannedUntil', { time: when(user.bannedUntil) })
              : t('staff.users.bannedForever')}
            {user.banReason && (
              <>
                <br />
                {t('staff.users.banReason', { reason: user.banReason })}
              </>
            )}
          </p>
        )}
        <div className="staff-actions">
          {user.status === 'active' && user.role === 'member' && (
            <Button variant="danger" onClick={() => setAsking('ban')}>
              {t('staff.users.ban')}
            </Button>
          )}
          {user.status === 'banned' && (
            <Button variant="outline" onClick={() => setAsking('unban')}>
              {t('staff.users.unban')}
            </Button>
          )}
        </div>
      </section>

      <section className="card staff-block" aria-labelledby="user-reports">
        <h2 id="user-reports">
          {t('staff.users.reportsAgainst')}{' '}
          <span className="badge">{formatNumber(user.reportsAgainst)}</span>
        </h2>
        {user.reports.length === 0 ? (
          <p className="muted">{t('staff.users.noReports')}</p>
        ) : (
          <ul className="list">
            {user.reports.map((r) => (
              <li key={r.id}>
                <Link className="list-item" to={staffReportHref(r.id)}>
                  <span className="grow">
                    <span>
                      {reasonLabel(t, r.reason)} ·{' '}
                      {t('staff.reports.by', { name: r.reporter.userName })}
                    </span>
                    <span className="muted staff-small">{when(r.createdAt)}</span>
                  </span>
                  {r.action ? (
                    <ActionBadge action={r.action} />
                  ) : (
                    <ReportStatusBadge status={r.status} />
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card staff-block" aria-labelledby="user-history">
        <h2 id="user-history">{t('staff.users.history')}</h2>
        {user.history.length === 0 ? (
          <p className="muted">{t('staff.users.noHistory')}</p>
        ) : (
          <ul className="staff-audit-list">
            {user.history.map((entry) => (
              <li key={entry.id}>
                <AuditRow entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <BanDialog
        open={asking === 'ban'}
        name={name}
        busy={ban.isPending}
        onBan={(input) =>
          ban.mutate(
            { id: user.userId, ...input },
            {
              onSuccess: () => {
                setAsking(null);
                showToast(t('staff.reports.done.ban', { name }), 'success');
              },
            },
          )
        }
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'unban'}
        title={t('staff.users.unbanTitle', { name })}
        message={t('staff.users.unbanBody')}
        confirmLabel={t('staff.users.unban')}
        busy={unban.isPending}
        onConfirm={() =>
          unban.mutate(user.userId, {
            onSuccess: () => {
              setAsking(null);
              showToast(t('staff.users.unbanned', { name }), 'success');
            },
          })
        }
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
