import { loadShareSync } from '@module-federation/enhanced/runtime';

/** FIRST_SCREEN of tooling/webpack/shared-singletons.cjs without its whole-family keys, set by the shell's build. */
declare const BOOKSWAP_FIRST_SCREEN: readonly string[] | undefined;

/**
 * The first screens' shared modules are in the shell's entry file (`eager`). Taking each one at start-up marks it
 * loaded, so with `loaded-first` the storefront uses these copies, also of those only it imports, instead of
 * fetching its own. A build without the list (the one-bundle baseline, tests) has nothing to take.
 */
export function takeFirstScreenModules(): void {
  if (typeof BOOKSWAP_FIRST_SCREEN === 'undefined') return;
  for (const key of BOOKSWAP_FIRST_SCREEN) loadShareSync(key)();
}

/**
 * Makes the shell's build provide every public entry of `@bookswap/shared` and the MUI kit the
 * product's screens use, including what only remotes import. With `loaded-first` the first provider
 * of a version keeps it, so remotes then take these from the shell: one copy of each, and no second,
 * unconfigured instance of the runtime config behind a remote's own copy of `/api`.
 * Never called; the imports are the point. A component missing here still works, from the remote.
 */
export const provideSharedEntries = () =>
  Promise.all([
    import('@bookswap/shared/auth'),
    import('@bookswap/shared/api'),
    import('@bookswap/shared/config'),
    import('@bookswap/shared/routing'),
    import('@bookswap/shared/schemas'),
    import('@bookswap/shared/catalog-rules'),
    import('@bookswap/shared/ui'),
    import('@bookswap/shared/ui/form-fields'),
    import('@bookswap/shared/ui/tables'),
    import('@bookswap/shared/ui/confirmation'),
    import('@mui/material/Card'),
    import('@mui/material/CardActions'),
    import('@mui/material/CardContent'),
    import('@mui/material/CardMedia'),
    import('@mui/material/Checkbox'),
    import('@mui/material/Chip'),
    import('@mui/material/FormControl'),
    import('@mui/material/FormControlLabel'),
    import('@mui/material/FormHelperText'),
    import('@mui/material/FormLabel'),
    import('@mui/material/Grid'),
    import('@mui/material/InputLabel'),
    import('@mui/material/NativeSelect'),
    import('@mui/material/OutlinedInput'),
    import('@mui/material/Pagination'),
    import('@mui/material/Radio'),
    import('@mui/material/RadioGroup'),
    import('@mui/material/Select'),
    import('@mui/material/Skeleton'),
    import('@mui/material/SvgIcon'),
    import('@mui/material/Table'),
    import('@mui/material/TableBody'),
    import('@mui/material/TableCell'),
    import('@mui/material/TableContainer'),
    import('@mui/material/TableHead'),
    import('@mui/material/TableRow'),
    import('@mui/material/ToggleButton'),
    import('@mui/material/ToggleButtonGroup'),
    import('@mui/material/Tooltip'),
    import('@mui/material/utils'),
  ]);
