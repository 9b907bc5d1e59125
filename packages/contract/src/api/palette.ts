import { z } from 'zod';
import { ZCompanyType, ZPaymentStatus, ZPaymentType } from '../enums.ts';
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

/** What every hit has: the record's public key (user name, BID, VIN, pool id, company id or order id), its title and
 * the console's path of the record (with its query), e.g. /booking/BID1000000001. */
const hit = { key: z.string(), title: z.string(), href: z.string() };

/**
 * One hit. Besides the title each kind carries the plain data and enum values the web shows under it, translated
 * there (a company's or payment's type and status as codes, never a preformatted line).
 */
export const ZPaletteItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('USER'), ...hit, username: z.string() }),
  z.object({
    kind: z.literal('BOOKING'),
    ...hit,
    /** The customer, family name first. */
    customer: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    /** The pool the trip starts from. */
    pool: z.string(),
  }),
  z.object({ kind: z.literal('VEHICLE'), ...hit, longPresentation: z.string() }),
  z.object({ kind: z.literal('POOL'), ...hit, city: z.string() }),
  z.object({ kind: z.literal('COMPANY'), ...hit, companyType: ZCompanyType }),
  z.object({ kind: z.literal('PAYMENT'), ...hit, bid: z.string().nullable(), paymentType: ZPaymentType, status: ZPaymentStatus }),
]);
export type PaletteItem = z.infer<typeof ZPaletteItem>;

export const ZPaletteResponse = z.object({ items: z.array(ZPaletteItem) });
export type PaletteResponse = z.infer<typeof ZPaletteResponse>;
