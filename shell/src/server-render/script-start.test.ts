import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The shell's page starts its own script (public/index.html): preloaded from the head, run from the end of the body,
// and on a page the server rendered only once its HTML has been drawn, so the script's first long task never holds
// the first paint (docs/decisions/067).

const PAGE = readFileSync(join(__dirname, '..', '..', 'public', 'index.html'), 'utf8');
/** The page's last inline script: the one that starts the shell's. */
const STARTER = [...PAGE.matchAll(/<script>([\s\S]*?)<\/script>/g)].at(-1)![1]!;
const MAIN = 'http://localhost/_shell/1.0.0/main.abc.js';

let frames: FrameRequestCallback[] = [];

function openPage({ rendered, hidden = false }: { rendered: boolean; hidden?: boolean }) {
  document.head.innerHTML = `<link id="bookswap-main" rel="preload" as="script" href="${MAIN}">`;
  document.body.innerHTML = `<div id="root">${rendered ? '<div><h1>Books</h1></div>' : ''}</div>`;
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  new Function(STARTER)();
}

const started = () => [...document.querySelectorAll('script')].map((script) => script.src);
function nextFrame() {
  const waiting = frames;
  frames = [];
  waiting.forEach((frame) => frame(performance.now()));
}

beforeEach(() => {
  jest.useFakeTimers();
  frames = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the shell page’s script', () => {
  it('is the one the head preloads, started at once on a page the browser renders', () => {
    openPage({ rendered: false });
    expect(started()).toEqual([MAIN]);
  });

  it('waits, on a page the server rendered, until the frame after the first has been drawn', () => {
    openPage({ rendered: true });
    expect(started()).toEqual([]);
    nextFrame();
    jest.runOnlyPendingTimers();
    expect(started()).toEqual([]);
    nextFrame();
    expect(started()).toEqual([]);
    jest.runOnlyPendingTimers();
    expect(started()).toEqual([MAIN]);
  });

  it('starts at once in a hidden tab, which draws no frame to wait for', () => {
    openPage({ rendered: true, hidden: true });
    expect(started()).toEqual([MAIN]);
  });
});
