import type { TelemetryChannel } from '@bookswap/shared/schemas';

/** The meta tag the shell's server writes into the page it answers (tooling/serve/serve-package.mts). */
export const SHELL_RELEASE_META = 'bookswap-shell-release';

export interface ShellRelease {
  version: string;
  channel: TelemetryChannel;
}

/**
 * The shell release this page came from and the channel that gave it to this browser, as the server wrote them
 * into the page: its health reports answer for it, so `--auto` can judge a shell canary as it judges a remote's.
 * A page served without a release (the development server, the one-bundle bench) is `unreleased`.
 */
export function shellReleaseOf(page: Document): ShellRelease {
  const content = page.querySelector(`meta[name="${SHELL_RELEASE_META}"]`)?.getAttribute('content') ?? '';
  const [version, channel] = content.split(' ');
  return { version: version || 'unreleased', channel: channel === 'canary' ? 'canary' : 'live' };
}
