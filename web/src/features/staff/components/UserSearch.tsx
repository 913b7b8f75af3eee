// Finding a person: by id (all digits), email, or the start of a user name.
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { InfiniteList } from '../../../components/InfiniteList';
import { UsersIcon } from '../../../components/icons';
import { staffUserHref } from '../../../lib/paths';
import { useUserSearch } from '../api/users';
import type { StaffUser } from '../api/types';
import { HeldBadge, StatusBadge } from './badges';

export function UserSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <>
      <form className="staff-search" role="search" onSubmit={submit} noValidate>
        <TextField
          label={t('staff.users.search')}
          type="search"
          value={text}
          placeholder={t('staff.users.searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">{t('staff.users.find')}</Button>
      </form>
      <Results q={q} />
    </>
  );
}

function Results({ q }: { q: string }) {
  const { t } = useTranslation();
  const query = useUserSearch(q);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const users = query.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <InfiniteList
      items={users}
      getKey={(u) => u.userId}
      hasMore={query.hasNextPage && !query.isError}
      loading={query.isPending || query.isFetchingNextPage}
      onLoadMore={loadMore}
      empty={
        <section className="center-view">
          <UsersIcon size={36} />
          <h2>{t('staff.users.none')}</h2>
        </section>
      }
      renderItem={(user) => <UserRow user={user} />}
    />
  );
}

function UserRow({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  return (
    <Link className="list-item" to={staffUserHref(user.userId)} data-testid="user-row">
      <Avatar src={user.avatar} name={user.userName} size={40} alt="" />
      <span className="grow">
        <span className="staff-item-title">
          <strong>{user.userName}</strong> <span className="muted">#{user.userId}</span>
        </span>
        <span className="muted staff-small">{user.email}</span>
      </span>
      <span className="staff-badges">
        <StatusBadge status={user.status} />
        {user.role !== 'member' && <span className="badge">{t(`staff.role.${user.role}`)}</span>}
        {user.held && <HeldBadge />}
        {user.reportsAgainst > 0 && (
          <span className="badge badge-danger">
            {t('staff.users.reports', { count: user.reportsAgainst, n: user.reportsAgainst })}
          </span>
        )}
      </span>
    </Link>
  );
}
