import type { CountryCode } from '@fleetdesk/contract';

export interface CustomerService {
  country: CountryCode;
  /** The operating company, as customers know it. */
  company: string;
  /** As printed, and in the E.164 form a `tel:` link needs. */
  phone: { display: string; e164: string };
  email: string;
  /** The postal address lines, as written on an envelope. */
  postalAddress: readonly string[];
}

/** Customer service for the two countries the product serves (spec §1, public contact page). */
export const CUSTOMER_SERVICES: readonly CustomerService[] = [
  {
    country: 'NO',
    company: 'Fjord Mobility AS',
    phone: { display: '+47 21 00 00 00', e164: '+4721000000' },
    email: 'kundeservice@fjord-mobility.example',
    postalAddress: ['Fjord Mobility AS', 'Kundeservice', 'Postboks 1234 Sentrum', '0106 Oslo', 'Norge'],
  },
  {
    country: 'SE',
    company: 'Mälar Mobility AB',
    phone: { display: '+46 8 000 000 00', e164: '+46800000000' },
    email: 'kundtjanst@malar-mobility.example',
    postalAddress: ['Mälar Mobility AB', 'Kundtjänst', 'Box 1234', '111 81 Stockholm', 'Sverige'],
  },
];
