import type { ReactNode } from 'react';
import { NotFound } from '../../components/errors/not-found';
import { useAuth } from '../../lib/auth';

/**
 * Spec §2 / §6: admin routes exist only for admins; anyone else gets the not-found page. The
 * server enforces the role on every endpoint (DECISIONS); this only hides the screens.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  return isAdmin ? children : <NotFound />;
}
