// The flood of `pnpm bench:ssr`'s flood case, in a process of its own so that its load lands on the shell's server
// and not on the bench's own event loop, where it would slow the quiet client's clock: one client (one address,
// named to the shell's server in X-Forwarded-For as a proxy would) asking URLs none of which repeats, half of them
// a new search and half a known page with an unknown parameter, over FLOOD_CONNECTIONS for FLOOD_SECONDS.
// Loopback only; prints one JSON line.
import autocannon from 'autocannon';

const base = process.env.FLOOD_BASE ?? 'http://127.0.0.1:38700';
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost)(:\d+)?$/.test(base)) throw new Error('the flood goes to loopback only');
const connections = Number(process.env.FLOOD_CONNECTIONS ?? 50);
const seconds = Number(process.env.FLOOD_SECONDS ?? 10);
let next = 0;

async function main(): Promise<void> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        headers: { 'x-forwarded-for': '203.0.113.66' },
        setupRequest: (request) => {
          const n = next++;
          return { ...request, path: n % 2 ? `/booklist?search=flood${n}` : `/category/3?junk=${n}` };
        },
      },
    ],
  });
  const statuses = { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] };
  console.log(
    JSON.stringify({
      requests: result.requests.total,
      perSecond: result.requests.average,
      statuses,
      errors: result.errors,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
