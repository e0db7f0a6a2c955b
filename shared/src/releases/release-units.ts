import type { RemoteName, RouteOwner } from '@bookswap/contract/routing';
import data from './units.json';

/** A unit (the shell or a remote): its name, its workspace folder and the port its origin answers on. */
export interface Unit {
  name: RouteOwner;
  folder: string;
  port: number;
}

// JSON gives names as strings: release-units.test.ts holds them to the contract's route owners, both ways.
/** The shell, then the remotes in the product's order (storefront, seller, admin, checkout). */
export const UNITS: readonly Unit[] = data.units as Unit[];
/** Each unit's name, the shell first: what ships as releases (docs/decisions/029). */
export const UNIT_NAMES: readonly RouteOwner[] = UNITS.map((unit) => unit.name);
/** The remotes' names, without the shell. */
export const REMOTE_NAMES: readonly RemoteName[] = UNIT_NAMES.filter((name): name is RemoteName => name !== 'shell');
