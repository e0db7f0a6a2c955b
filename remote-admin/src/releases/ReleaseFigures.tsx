import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment } from 'react';
import type { ReleaseOverviewVersion, RemoteReleaseOverview } from '@bookswap/shared/schemas';
import { FIGURE_LINES, PERIODS, REMOTE_LABEL, shareText, whenText } from './release-text';

const ROLE_LABEL = { live: 'Live', canary: 'Canary', kept: 'Kept' } as const;

/** A release's own facts, above its figures. */
const factsOf = (release: ReleaseOverviewVersion, canaryPercent: number | null) => [
  { label: 'Version', text: release.version },
  { label: 'Share', text: shareText(release, canaryPercent) },
  { label: 'Since', text: whenText(release.since) },
];

interface FiguresProps {
  /** Live first, then the canary: the versions compared. */
  releases: ReleaseOverviewVersion[];
  canaryPercent: number | null;
  /** Names the comparison for screen readers ("Seller figures"). */
  label: string;
}

/** Desktop: one column per release, so live and canary read side by side line by line. */
function FiguresTable({ releases, canaryPercent, label }: FiguresProps) {
  const facts = releases.map((release) => factsOf(release, canaryPercent));
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 720 }}>
      <Table aria-label={label} size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>Figure</TableCell>
            {releases.map((release) => (
              <TableCell key={release.role} sx={{ fontWeight: 700 }}>
                {ROLE_LABEL[release.role]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {facts[0]!.map((fact, line) => (
            <TableRow key={fact.label}>
              <TableCell component="th" scope="row">
                {fact.label}
              </TableCell>
              {facts.map((releaseFacts, column) => (
                <TableCell key={releases[column]!.role}>{releaseFacts[line]!.text}</TableCell>
              ))}
            </TableRow>
          ))}
          {PERIODS.map((period) => (
            <Fragment key={period.label}>
              <TableRow>
                <TableCell component="th" scope="colgroup" colSpan={releases.length + 1} sx={{ fontWeight: 700 }}>
                  {period.label}
                </TableCell>
              </TableRow>
              {FIGURE_LINES.map((figure) => (
                <TableRow key={figure.label}>
                  <TableCell component="th" scope="row">
                    {figure.label}
                  </TableCell>
                  {releases.map((release) => (
                    <TableCell key={release.role}>{figure.text(period.of(release))}</TableCell>
                  ))}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A figure's name beside its value, wrapping rather than widening a phone's page. */
function FigureList({ lines }: { lines: { label: string; text: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'fit-content(9rem) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {lines.map((line) => (
        <Fragment key={line.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {line.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {line.text}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** Phone: one card per release, stacked, with each period's figures under its own title. */
function FiguresCards({ releases, canaryPercent, label }: FiguresProps) {
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {releases.map((release) => (
        <Paper component="li" key={release.role} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {`${ROLE_LABEL[release.role]} ${release.version}`}
          </Typography>
          <FigureList lines={factsOf(release, canaryPercent)} />
          {PERIODS.map((period) => (
            <Box key={period.label} sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2" component="h4">
                {period.label}
              </Typography>
              <FigureList
                lines={FIGURE_LINES.map((figure) => ({ label: figure.label, text: figure.text(period.of(release)) }))}
              />
            </Box>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The live and canary releases' figures side by side: a table on a wide screen, stacked cards on a phone (390
 * px, no sideways scrolling). Read at the first render, so a phone never paints the table first.
 */
export function ReleaseFigures({ overview }: { overview: RemoteReleaseOverview }) {
  const onPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const releases = [overview.live, overview.canary].filter((release) => release !== null);
  if (releases.length === 0) {
    return <Typography color="text.secondary">Not released yet</Typography>;
  }
  const props = { releases, canaryPercent: overview.canary?.percent ?? null, label: `${REMOTE_LABEL[overview.remote]} figures` };
  return onPhone ? <FiguresCards {...props} /> : <FiguresTable {...props} />;
}
