/** Paths of screens other features define (their routes live elsewhere; the search only links to them). */
export const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;
export const vehiclePath = (vin: string) => `/vehicles/${encodeURIComponent(vin)}`;
