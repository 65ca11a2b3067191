import { NavLink } from 'react-router';
import { Drawer } from '../../../components/ui/drawer';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { FilterPanel } from './filter-panel';

const links = [
  { label: 'Home', to: paths.home.getHref(), end: true },
  { label: 'All products', to: paths.shop.getHref(), end: true },
  { label: 'About us', to: paths.about.getHref(), end: true },
  { label: 'Faq', to: paths.faq.getHref(), end: true },
  { label: 'Contact Us', to: paths.contact.getHref(), end: true },
];

/** Spec §2 side navigation drawer: the three filters and the shop's pages. */
export function SideNavigation({
  id,
  open,
  onClose,
}: {
  id?: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer open={open} onClose={onClose} title="Browse" closeLabel="Close menu" id={id}>
      <nav aria-label="Shop" className="mb-6">
        <ul className="flex flex-col gap-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                onClick={onClose}
                className={({ isActive }) =>
                  cn(
                    'block rounded-lg px-3 py-2 text-base font-medium hover:bg-brand-50',
                    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h3 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Filter products
      </h3>
      <FilterPanel onNavigate={onClose} />
    </Drawer>
  );
}
