import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { setDisplayTimeZone } from './format';

const DisplayTimeZoneContext = createContext<string | null>(null);

/**
 * Shows every time below it in the operator's zone (docs/decisions/0065-operator-time-zone.md): `useFormat` reads the
 * zone from here, so what it formatted is drawn again when the zone becomes known, and the plain format functions of
 * format.ts take it as their default.
 */
export function DisplayTimeZoneProvider({ timeZone, children }: { timeZone: string | null; children: ReactNode }) {
  // Idempotent, and needed before the children render (not after, in an effect): they format with it in this pass.
  setDisplayTimeZone(timeZone);
  // Back to the browser's zone when the shell goes (the login page; a test's next render).
  useEffect(() => {
    setDisplayTimeZone(timeZone);
    return () => setDisplayTimeZone(null);
  }, [timeZone]);
  return <DisplayTimeZoneContext.Provider value={timeZone}>{children}</DisplayTimeZoneContext.Provider>;
}

/** The zone times are shown in: the operator's; null before it is known (then the browser's). */
export const useDisplayTimeZone = (): string | null => useContext(DisplayTimeZoneContext);
