import { z } from 'zod';
import { optText } from './query-params.ts';

/**
 * The command palette's search (issue 19 point 1; docs/decisions/0067-command-palette.md): one phrase finds the
 * operator's users, bookings (BID), vehicles (registration, VIN), pools, companies and payments (order id), a few
 * of each, best first. The support search's engine finds the first three; the server builds each hit's link.
 */
export const PALETTE_KINDS = ['USER', 'BOOKING', 'VEHICLE', 'POOL', 'COMPANY', 'PAYMENT'] as const;
export const ZPaletteKind = z.enum(PALETTE_KINDS);
export type PaletteKind = z.infer<typeof ZPaletteKind>;

/** Hits per kind. */
export const PALETTE_PER_KIND = 5;

export const ZPaletteQuery = z.object({ q: optText(200) }).refine((query) => Boolean(query.q), { message: 'Required', path: ['q'] });
export type PaletteQuery = z.infer<typeof ZPaletteQuery>;

export const ZPaletteItem = z.object({
  kind: ZPaletteKind,
  /** The record's public key: user name, BID, VIN, pool id, company id or order id. */
  key: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The console's path of the record (with its query), e.g. /booking/BID1000000001. */
  href: z.string(),
});
export type PaletteItem = z.infer<typeof ZPaletteItem>;

export const ZPaletteResponse = z.object({ items: z.array(ZPaletteItem) });
export type PaletteResponse = z.infer<typeof ZPaletteResponse>;
