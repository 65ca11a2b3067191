import { AcceptInvitationPage } from '../../features/admin-staff/components/accept-invitation-page';

/** Issue 32 /accept-invitation?token=… (public: the mailed link is the capability). */
export function AcceptInvitationRoute() {
  return <AcceptInvitationPage />;
}
