// The packages the product serves and their ports (docs/architecture.md "Ports"): plain data, for the scripts that
// build or list them without starting a server.
export const PACKAGES = [
  { name: 'shell', folder: 'shell', port: 3000 },
  { name: 'storefront', folder: 'remote-storefront', port: 3001 },
  { name: 'seller', folder: 'remote-seller', port: 3002 },
  { name: 'admin', folder: 'remote-admin', port: 3003 },
  { name: 'checkout', folder: 'remote-checkout', port: 3004 },
];
