import { Container } from '../../components/layouts/container';
import { Card } from '../../components/ui/card';
import { DocumentTitle } from '../../components/ui/document-title';
import { PageHeader } from '../../components/ui/page-header';
import { ContactForm } from '../../features/site/components/contact-form';
import { SupportContactCard } from '../../features/site/components/faq-list';

/** Spec §2 /contact; its form code (react-hook-form, zod) loads only here. */
export function ContactRoute() {
  return (
    <Container className="py-10">
      <DocumentTitle title="Contact us" />
      <PageHeader
        title="Contact Us"
        description="Questions about an order, a product or your prescription? Write to us and we will answer within one working day."
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <Card className="p-6 sm:p-8">
          <ContactForm />
        </Card>
        <div>
          <SupportContactCard showContactLink={false} />
        </div>
      </div>
    </Container>
  );
}
