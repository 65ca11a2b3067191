import { DocumentTitle } from '../../../components/ui/document-title';
import { ContactInbox } from '../../../features/admin-messages/components/contact-inbox';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 18: the Contact Us inbox (admin only). */
export const ContactInboxRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="Messages" />
    <ContactInbox />
  </RequireAdmin>
);
