import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { ChangePasswordForm } from './change-password-form';

/** Spec §2 Account Security: the Reset Password form (accounts that sign in with a password). */
export function AccountSecurity() {
  return (
    <>
      <PageHeader
        title="Account Security"
        description="Changing your password signs you out on every other device."
      />
      <Card className="max-w-xl p-6">
        <h2 className="mb-6 text-xl font-semibold text-slate-900">Reset Password</h2>
        <ChangePasswordForm />
      </Card>
    </>
  );
}
