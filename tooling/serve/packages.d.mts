export interface ServedPackage {
  name: 'shell' | 'storefront' | 'seller' | 'admin' | 'checkout';
  folder: string;
  port: number;
}

export declare const PACKAGES: readonly ServedPackage[];
