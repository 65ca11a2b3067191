import { DocumentTitle } from '../../../components/ui/document-title';
import { ContactInbox } from '../../../features/admin-messages/components/contact-inbox';
import { RequirePermission } from '../../components/require-permission';

/** Issue 18: the Contact Us inbox (admin only). */
export const ContactInboxRoute = () => (
  <RequirePermission permission="support.inbox">
    <DocumentTitle title="Messages" />
    <ContactInbox />
  </RequirePermission>
);
