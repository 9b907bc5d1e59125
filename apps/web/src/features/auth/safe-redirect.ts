/**
 * The path to return to after login, if it is a same-origin relative path (`/pools?city=Oslo`), else `/`.
 * Rejects absolute and protocol-relative URLs (`https://…`, `//evil.example`, `/\evil.example`), and the
 * open pages themselves, so a crafted link cannot send a fresh login elsewhere.
 */
export function safeRedirect(target: string | undefined, origin: string = window.location.origin): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin) return '/';
    if (['/login', '/postLogin', '/forgot-password', '/reset-password'].includes(url.pathname)) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
