import type { Product } from '@pharmacy/shared';
import { paths } from '../../config/paths';

export type { Product };

/** The three catalogue lists of spec §2 (divisions carry an image). */
export type AdminCatalogKind = 'manufacturers' | 'divisions' | 'saltCompositions';

export interface CatalogEntry {
  id: number;
  name: string;
  images?: { url: string } | null;
}

export const catalogKinds = {
  manufacturers: {
    title: 'Manufacturers',
    singular: 'Manufacturer',
    apiPath: '/manufacturer',
    emptyText: 'No Manufacturer found.',
    hasImage: false,
    listHref: paths.dashboard.manufacturers.getHref(),
    addHref: paths.dashboard.manufacturerAdd.getHref(),
    editHref: paths.dashboard.manufacturerEdit.getHref,
  },
  divisions: {
    title: 'Divisions',
    singular: 'Division',
    apiPath: '/division',
    emptyText: 'No divisions found.',
    hasImage: true,
    listHref: paths.dashboard.divisions.getHref(),
    addHref: paths.dashboard.divisionAdd.getHref(),
    editHref: paths.dashboard.divisionEdit.getHref,
  },
  saltCompositions: {
    title: 'Salt Compositions',
    singular: 'Salt Composition',
    apiPath: '/saltComposition',
    emptyText: 'No salt compositions found.',
    hasImage: false,
    listHref: paths.dashboard.saltCompositions.getHref(),
    addHref: paths.dashboard.saltCompositionAdd.getHref(),
    editHref: paths.dashboard.saltCompositionEdit.getHref,
  },
} as const satisfies Record<AdminCatalogKind, unknown>;
