/** The routes that need no session (spec §2 and §6), plus the password-reset link's page. */
export const OPEN_PATHS = ['/login', '/forgot-password', '/reset-password', '/postLogin'] as const;

export const isOpenPath = (pathname: string): boolean => OPEN_PATHS.some((path) => pathname === path || pathname === `${path}/`);
