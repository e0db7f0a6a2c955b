import type { IncomingMessage } from 'node:http';
import { SHED } from './kept-answers.mts';
import { createRenderAdmission } from './render-admission.mts';

// What the shell's server lets a visitor start when the page is not kept: a place in a small pool, within the client's
// allowance. A flood is shed at once instead of queueing behind every other visitor's render.

const later = () => {
  let done!: () => void;
  const promise = new Promise<string>((resolve) => (done = () => resolve('rendered')));
  return { promise, done };
};

describe('createRenderAdmission', () => {
  it('runs at most `concurrency` renders with `queue` waiting, and sheds the next ones at once', async () => {
    const admission = createRenderAdmission({ concurrency: 2, queue: 1, perClientPerMinute: 0 });
    const slow = later();
    const started = [1, 2, 3].map((n) => admission.forRequest(`client ${n}`)(() => slow.promise));
    await new Promise((resolve) => setImmediate(resolve));
    expect(admission.state()).toMatchObject({ active: 2, waiting: 1 });
    expect(await admission.forRequest('client 4')(() => Promise.resolve('rendered'))).toBe(SHED);
    slow.done();
    expect(await Promise.all(started)).toEqual(['rendered', 'rendered', 'rendered']);
    // Room again once they ended.
    expect(await admission.forRequest('client 4')(() => Promise.resolve('rendered'))).toBe('rendered');
    expect(admission.state()).toMatchObject({ admitted: 4, shedFull: 1, shedClient: 0, shedPressure: 0 });
  });

  it('lets one client start only so many uncached pages a minute, without touching another client', async () => {
    const admission = createRenderAdmission({ perClientPerMinute: 3 });
    const render = () => Promise.resolve('rendered');
    const flood = await Promise.all(Array.from({ length: 10 }, () => admission.forRequest('10.0.0.9')(render)));
    expect(flood.filter((answer) => answer === 'rendered')).toHaveLength(3);
    expect(await admission.forRequest('10.0.0.7')(render)).toBe('rendered');
  });

  it('spends one allowance per request, however many computations (its head and its body) it starts', async () => {
    const admission = createRenderAdmission({ perClientPerMinute: 1 });
    const admit = admission.forRequest('10.0.0.5');
    const render = () => Promise.resolve('rendered');
    expect(await Promise.all([admit(render), admit(render)])).toEqual(['rendered', 'rendered']);
    expect(await admission.forRequest('10.0.0.5')(render)).toBe(SHED);
  });

  it('spends no allowance on a page the pool sheds, nor on a kept page’s background refresh', async () => {
    const admission = createRenderAdmission({ concurrency: 1, queue: 0, perClientPerMinute: 1 });
    const slow = later();
    const busy = admission.forRequest('10.0.0.1')(() => slow.promise, { refresh: true });
    expect(await admission.forRequest('10.0.0.5')(() => Promise.resolve('rendered'))).toBe(SHED);
    slow.done();
    await busy;
    expect(await admission.forRequest('10.0.0.5')(() => Promise.resolve('rendered'))).toBe('rendered');
    // Its allowance spent, the client's refreshes of kept pages still run (one per page and interval at most).
    expect(await admission.forRequest('10.0.0.5')(() => Promise.resolve('refreshed'), { refresh: true })).toBe(
      'refreshed',
    );
    expect(await admission.forRequest('10.0.0.5')(() => Promise.resolve('rendered'))).toBe(SHED);
  });

  it('starts nothing while the process is under pressure', async () => {
    let pressed = true;
    const admission = createRenderAdmission({ underPressure: () => pressed });
    expect(await admission.forRequest('10.0.0.5')(() => Promise.resolve('rendered'))).toBe(SHED);
    pressed = false;
    expect(await admission.forRequest('10.0.0.5')(() => Promise.resolve('rendered'))).toBe('rendered');
    expect(admission.state()).toMatchObject({ shedPressure: 1, admitted: 1 });
  });

  it('names the client by its socket, or by X-Forwarded-For only from a trusted proxy', () => {
    const request = (remoteAddress: string, forwarded?: string) =>
      ({
        socket: { remoteAddress },
        connection: { remoteAddress },
        headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      }) as unknown as IncomingMessage;
    expect(createRenderAdmission().clientOf(request('127.0.0.1', '203.0.113.9'))).toBe('127.0.0.1');
    const behindProxy = createRenderAdmission({ trustProxy: 'loopback' });
    expect(behindProxy.clientOf(request('127.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
    expect(behindProxy.clientOf(request('198.51.100.4', '203.0.113.9'))).toBe('198.51.100.4');
  });
});
