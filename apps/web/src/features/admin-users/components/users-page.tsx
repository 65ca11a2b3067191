import { RefreshCw, Search, Users } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  formatLongDate,
  isStaffRole,
  LIMITS,
  roleLabel,
  type UserListItem,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useUsers } from '../api/get-users';
import { useUserSearch } from '../hooks/use-user-search';

const COLUMNS = ['#', 'Name', 'Email', 'Phone', 'Joined', 'Role'] as const;

function countText(count: number): string {
  return count === 1 ? '1 user' : `${count} users`;
}

function TableSkeleton() {
  return (
    <LoadingRegion label="Loading users" className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-6 w-full" />
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    </LoadingRegion>
  );
}

function UserRow({ user, index }: { user: UserListItem; index: number }) {
  const navigate = useNavigate();
  const href = paths.dashboard.ordersCustomer.getHref(user.id);
  const open = () => navigate(href);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      open();
    }
  };
  return (
    <tr
      tabIndex={0}
      onClick={open}
      onKeyDown={onKeyDown}
      aria-label={`${user.name}, ${user.email}: open orders`}
      className="cursor-pointer border-t border-slate-100 even:bg-slate-50 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
    >
      <td className="px-4 py-3 text-right text-slate-600 tabular-nums">{index}</td>
      <td className="px-4 py-3 font-medium text-slate-900">
        {/* Screen-reader users browsing the table find a real link; the row is the Tab stop. */}
        <Link
          to={href}
          tabIndex={-1}
          onClick={(event) => event.stopPropagation()}
          className="hover:underline"
        >
          {user.name}
        </Link>
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{user.email}</td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{user.phoneNumber || '—'}</td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
        <time dateTime={user.createdAt}>{formatLongDate(user.createdAt)}</time>
      </td>
      <td className="px-4 py-3">
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            isStaffRole(user.roleId) ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-800',
          )}
        >
          {roleLabel(user.roleId)}
        </span>
      </td>
    </tr>
  );
}

/**
 * Spec §2 admin users page: title 'Users', search 'Type user name or email' (2+ characters,
 * 1000 ms debounce), the count, a table (#, Name, Email, Phone, Joined, Role) with a sticky
 * header; a row opens the customer's orders. Empty: 'No users found.'; pagination past one page.
 */
export function UsersPage() {
  const searchId = useId();
  const countId = useId();
  const { text, search, page, setPage, onTextChange } = useUserSearch();
  const users = useUsers({ search, page });
  const pagination = users.data?.pagination;
  const pageSize = pagination?.pageSize ?? LIMITS.userPageSize;

  let body;
  if (users.isPending) {
    body = <TableSkeleton />;
  } else if (users.isError && !users.data) {
    body = (
      <EmptyState
        icon={<Users className="size-8" />}
        title="The users could not be loaded."
        action={
          <Button
            variant="secondary"
            onClick={() => void users.refetch()}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Try again
          </Button>
        }
      />
    );
  } else if (users.data.userList.length === 0) {
    body = <EmptyState icon={<Users className="size-8" />} title="No users found." />;
  } else {
    body = (
      <>
        <div
          className={cn(
            'max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white transition-opacity',
            users.isPlaceholderData && 'opacity-60',
          )}
        >
          <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
            <caption className="sr-only">
              Users. Choose a row to open that customer&apos;s orders.
            </caption>
            <thead className="sticky top-0 z-10 bg-slate-100 text-slate-800">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      'px-4 py-3 font-semibold whitespace-nowrap',
                      column === '#' && 'text-right',
                    )}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {users.data.userList.map((user, index) => (
                <UserRow
                  key={user.id}
                  user={user}
                  index={(users.data.pagination.page - 1) * pageSize + index + 1}
                />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={pagination?.page ?? page}
          pageCount={pagination?.pageCount ?? 0}
          onPageChange={setPage}
          label="Users pages"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Users"
        description={
          <span id={countId} aria-live="polite" className="inline-flex items-center gap-2">
            {pagination ? countText(pagination.rowCount) : 'Counting users…'}
            {users.isFetching && !users.isPending ? <Spinner label="Updating the list" /> : null}
          </span>
        }
      />
      <div className="relative mb-4 max-w-md">
        <label htmlFor={searchId} className="sr-only">
          Search users
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder="Type user name or email"
          aria-describedby={countId}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base placeholder:text-slate-500 focus:outline-2 focus:outline-brand-700"
        />
      </div>
      {body}
    </>
  );
}
