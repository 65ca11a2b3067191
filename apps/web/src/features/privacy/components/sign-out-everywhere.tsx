import { LogOut, MonitorSmartphone } from 'lucide-react';
import { PRIVACY_TEXTS } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useSignOutEverywhere } from '../api/privacy';
import { SectionCard } from './section-card';

/** Issue 32 point 6: every other session ends; this device stays signed in, and says so. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  return (
    <SectionCard
      id="privacy-sessions"
      Icon={MonitorSmartphone}
      title={PRIVACY_TEXTS.signOutTitle}
      explain={PRIVACY_TEXTS.signOutExplain}
    >
      <div>
        <Button
          variant="secondary"
          onClick={() => signOut.mutate()}
          isPending={signOut.isPending}
          pendingText="Signing out other devices…"
          icon={<LogOut aria-hidden="true" className="size-4" />}
        >
          {PRIVACY_TEXTS.signOutButton}
        </Button>
      </div>
      <div role="status" className="text-sm">
        {signOut.isSuccess ? <p className="text-green-800">{signOut.data.message}</p> : null}
        {signOut.isError ? <p className="text-red-700">{getErrorMessage(signOut.error)}</p> : null}
      </div>
    </SectionCard>
  );
}
