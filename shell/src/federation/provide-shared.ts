import * as catalogRules from '@bookswap/shared/catalog-rules';
import * as Card from '@mui/material/Card';
import * as CardActions from '@mui/material/CardActions';
import * as CardContent from '@mui/material/CardContent';
import * as Chip from '@mui/material/Chip';
import * as FormControl from '@mui/material/FormControl';
import * as Grid from '@mui/material/Grid';
import * as InputLabel from '@mui/material/InputLabel';
import * as NativeSelect from '@mui/material/NativeSelect';
import * as OutlinedInput from '@mui/material/OutlinedInput';

/**
 * The first screens' shared modules that only the storefront imports (tooling/webpack FIRST_SCREEN puts them
 * in the shell's entry file). Taking them here marks them loaded at start-up, so with `loaded-first` the
 * storefront uses these copies instead of fetching its own. Returns them so the bundler keeps the imports.
 */
export function takeFirstScreenModules(): readonly object[] {
  return [
    catalogRules,
    Card,
    CardActions,
    CardContent,
    Chip,
    FormControl,
    Grid,
    InputLabel,
    NativeSelect,
    OutlinedInput,
  ];
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
    import('@mui/material/Pagination'),
    import('@mui/material/Radio'),
    import('@mui/material/RadioGroup'),
    import('@mui/material/Select'),
    import('@mui/material/Skeleton'),
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
