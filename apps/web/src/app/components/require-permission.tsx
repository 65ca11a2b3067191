import type { ReactNode } from 'react';
import type { Permission } from '@pharmacy/shared';
import { NotFound } from '../../components/errors/not-found';
import { useAuth } from '../../lib/auth';

/**
 * Spec §2 / §6, issue 32: a staff screen exists only for a role with its permission; anyone else
 * gets the not-found page. The server checks the same permission on every endpoint; this only
 * hides the screens. `permission="staff"` is any member of staff (the dashboard's front page).
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission | 'staff';
  children: ReactNode;
}) {
  const { can, isStaff } = useAuth();
  const allowed = permission === 'staff' ? isStaff : can(permission);
  return allowed ? children : <NotFound />;
}
