import { Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../../components/layouts/container';
import { paths } from '../../../config/paths';
import { useShopSettings } from '../../../lib/shop-settings';
import { telHref } from '../../../lib/tel-href';
import { NewsletterForm } from './newsletter-form';
import { FacebookIcon, InstagramIcon, XIcon, YouTubeIcon } from './social-icons';

/** Spec §1: links to Contact Us, About us and Faq; four social links (placeholders); newsletter. */
const socialLinks = [
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'X', Icon: XIcon },
  { label: 'YouTube', Icon: YouTubeIcon },
] as const;

const linkClass =
  'rounded text-brand-50 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white';

export function SiteFooter() {
  const { shopName, supportEmail, supportPhone } = useShopSettings();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <Container className="grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-[1.2fr_0.8fr_1.6fr]">
        <div className="flex flex-col gap-3">
          <p className="text-xl font-bold text-white">{shopName}</p>
          <p className="max-w-sm text-sm text-brand-100">
            Authentic medicines and health products from licensed pharmacists, delivered to your
            door.
          </p>
          <ul className="flex flex-col gap-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4" />
              <a className={linkClass} href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4" />
              <a className={linkClass} href={telHref(supportPhone)}>
                {supportPhone}
              </a>
            </li>
          </ul>
        </div>

        <div className="flex flex-col gap-6">
          <nav aria-label="Help">
            <h2 className="text-base font-semibold text-white">Help</h2>
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              <li>
                <Link className={linkClass} to={paths.contact.getHref()}>
                  Contact Us
                </Link>
              </li>
              <li>
                <Link className={linkClass} to={paths.about.getHref()}>
                  About us
                </Link>
              </li>
              <li>
                <Link className={linkClass} to={paths.faq.getHref()}>
                  Faq
                </Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="text-base font-semibold text-white">Follow us</h2>
            <ul className="mt-3 flex gap-2">
              {socialLinks.map(({ label, Icon }) => (
                <li key={label}>
                  {/* Placeholders (spec §1): the shop has no social accounts yet. */}
                  <a
                    href="#"
                    aria-label={label}
                    className="inline-flex size-10 items-center justify-center rounded-lg border border-brand-700 text-brand-50 hover:bg-brand-800 focus-visible:outline-white"
                  >
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="md:col-span-2 lg:col-span-1">
          <NewsletterForm />
        </div>
      </Container>
      <div className="border-t border-brand-800">
        <Container className="py-4 text-xs text-brand-100">
          © {new Date().getFullYear()} {shopName}. All rights reserved.
        </Container>
      </div>
    </footer>
  );
}
