/** The entry script this page runs, as index.html names it (`/assets/index-<hash>.js`). */
const runningEntry = (doc: Document): string | null =>
  doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? null;

/** Whether the server's index.html now names another entry script than the one running: a new build was deployed. */
export async function isNewBuildDeployed(doc: Document = document, fetchPage: typeof fetch = fetch): Promise<boolean> {
  const running = runningEntry(doc);
  if (!running) return false;
  try {
    const response = await fetchPage('/', { cache: 'no-store' });
    if (!response.ok) return false;
    return !(await response.text()).includes(running);
  } catch {
    return false;
  }
}

/**
 * A tab opened before a deploy asks for chunks of its build that the server no longer has (they answer 404): when a
 * screen's code fails to download and index.html names another entry script, the page reloads into the new build.
 * A failure for another reason (the network is down for a moment) reloads nothing: the screen shows its error.
 */
export function reloadOnNewBuild(win: Window = window): void {
  win.addEventListener('vite:preloadError', () => {
    void isNewBuildDeployed(win.document).then((deployed) => {
      if (deployed) win.location.reload();
    });
  });
}
