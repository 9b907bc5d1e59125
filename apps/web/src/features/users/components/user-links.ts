/** Paths of other screens the user page links to (their routes are other features'). */
export const companyPath = (companyId: number) => `/companies/${companyId}`;
export const eventLogPath = (username: string) => `/event?user=${encodeURIComponent(username)}`;
export const bookingPath = (bid: string) => `/booking/${encodeURIComponent(bid)}`;
