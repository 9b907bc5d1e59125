import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNewBuildDeployed, reloadOnNewBuild } from '@/app/reload-on-new-build';

const page = (entry: string) => `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head><body></body></html>`;
const answering = (html: string, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(html, { status, headers: { 'content-type': 'text/html' } }));

/** The page as the browser runs it (parsed, so its script is not loaded here). */
const runningPage = (entry: string): Document => new DOMParser().parseFromString(page(entry), 'text/html');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a chunk that fails to download', () => {
  it('means a new build when index.html names another entry script', async () => {
    const fetchPage = answering(page('/assets/index-New22222.js'));
    expect(await isNewBuildDeployed(runningPage('/assets/index-Old11111.js'), fetchPage)).toBe(true);
    expect(fetchPage).toHaveBeenCalledWith('/', { cache: 'no-store' });
  });

  it('does not when index.html still names the running entry, cannot be read, or the network is down', async () => {
    const running = runningPage('/assets/index-Old11111.js');
    expect(await isNewBuildDeployed(running, answering(page('/assets/index-Old11111.js')))).toBe(false);
    expect(await isNewBuildDeployed(running, answering('unavailable', 503))).toBe(false);
    expect(
      await isNewBuildDeployed(
        running,
        vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
      ),
    ).toBe(false);
    expect(
      await isNewBuildDeployed(new DOMParser().parseFromString('<p>no entry</p>', 'text/html'), answering(page('/assets/index-New22222.js'))),
    ).toBe(false);
  });

  it('reloads the page into the new build, and only then', async () => {
    const reload = vi.fn();
    const listeners: (() => void)[] = [];
    const win = {
      document: runningPage('/assets/index-Old11111.js'),
      location: { reload },
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'vite:preloadError') listeners.push(listener);
      },
    } as unknown as Window;
    reloadOnNewBuild(win);
    expect(listeners).toHaveLength(1);

    // Two chunks fail to download in a row: at the first check index.html still names the running entry, at the second
    // another one. Both checks run the same steps, in promise jobs only (the fake fetch and the body read wait on no
    // timer), so both have decided by the time a reload shows: had the first reloaded too, there would be two.
    const fetchPage = vi
      .fn<typeof fetch>()
      .mockImplementationOnce(answering(page('/assets/index-Old11111.js')))
      .mockImplementationOnce(answering(page('/assets/index-New22222.js')));
    vi.stubGlobal('fetch', fetchPage);
    listeners[0]!();
    listeners[0]!();
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
