import { isValidNorwegianIdentityNumber, isValidSwedishIdentityNumber, type CountryCode } from '@fleetdesk/contract';
import type { Rng } from './random.ts';

/** Realistic, unique identifiers: registration numbers, VINs, user names, phone and identity numbers. */

const NO_EV_PREFIXES = ['EL', 'EK', 'EV', 'EB', 'EC', 'ED', 'EE', 'EF', 'EH', 'EJ'] as const;
const NO_PREFIXES = ['AB', 'BS', 'CF', 'DN', 'KH', 'NF', 'RJ', 'SU', 'TV', 'VH', 'ZE', 'LJ', 'PR', 'UE', 'BR', 'DR'] as const;
/** Swedish plates never use I, Q, V, Å, Ä, Ö; the last position of the new format is never O. */
const SE_LETTERS = 'ABCDEFGHJKLMNOPRSTUWXYZ';
const SE_LAST_LETTERS = 'ABCDEFGHJKLMNPRSTUWXYZ';
/** VIN characters (ISO 3779): no I, O or Q. */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_YEARS = ['M', 'N', 'P', 'R', 'S'] as const; // 2021–2025

function uniqueOf(used: Set<string>, make: () => string): string {
  for (let i = 0; i < 10_000; i++) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
  throw new Error('Could not generate a unique identifier');
}

export function registrationNumber(rng: Rng, country: CountryCode, electric: boolean, used: Set<string>): string {
  return uniqueOf(used, () => {
    if (country === 'NO') return `${rng.pick(electric ? NO_EV_PREFIXES : NO_PREFIXES)} ${rng.int(10000, 99999)}`;
    const letters = Array.from({ length: 3 }, () => rng.pick([...SE_LETTERS])).join('');
    const last = rng.chance(0.4) ? rng.pick([...SE_LAST_LETTERS]) : String(rng.int(0, 9));
    return `${letters} ${rng.digits(2)}${last}`;
  });
}

/** A 17-character VIN: world manufacturer id + descriptor (9 chars together), model year, plant, serial. */
export function vin(rng: Rng, wmiAndDescriptor: string, used: Set<string>): string {
  if (!/^[A-HJ-NPR-Z0-9]{9}$/.test(wmiAndDescriptor)) throw new Error(`A VIN prefix is 9 characters without I, O or Q: ${wmiAndDescriptor}`);
  return uniqueOf(used, () => `${wmiAndDescriptor}${rng.pick(VIN_YEARS)}${rng.pick([...VIN_CHARS])}${rng.digits(6)}`);
}

export const isVin = (s: string): boolean => /^[A-HJ-NPR-Z0-9]{17}$/.test(s);

/** "Åse Brøndbo-Ødegård" -> "aase.brondbo-odegard" */
export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'aa')
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function uniqueUsername(givenName: string, familyName: string, used: Set<string>): string {
  const stem = `${slug(givenName)}.${slug(familyName)}`;
  let candidate = stem;
  for (let n = 2; used.has(candidate); n++) candidate = `${stem}${n}`;
  used.add(candidate);
  return candidate;
}

/** Mobile numbers: Norway +47 4/9 + 7 digits; Sweden +46 7x + 7 digits. Matches PHONE_PATTERN. */
export function mobilePhone(rng: Rng, country: CountryCode, used: Set<string>): string {
  return uniqueOf(used, () =>
    country === 'NO' ? `+47${rng.pick(['4', '9'])}${rng.digits(7)}` : `+467${rng.pick(['0', '2', '3', '6', '9'])}${rng.digits(7)}`,
  );
}

/**
 * Identity numbers in the formats of spec §5 with valid check digits (Swedish Luhn, Norwegian mod 11), as the identity
 * form validates them. The random digits drawn are the same as before check digits were computed (5 for NO, 4 for SE),
 * so the rest of the random stream does not move; only the check digits replace random ones.
 */
export function identityNumber(rng: Rng, country: CountryCode, birth: Date): string {
  const yyyy = birth.getUTCFullYear();
  const mm = String(birth.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(birth.getUTCDate()).padStart(2, '0');
  if (country === 'NO') {
    const drawn = Number(rng.digits(5).slice(0, 3));
    for (let k = 0; k < 1000; k++) {
      const head = `${dd}${mm}${String(yyyy % 100).padStart(2, '0')}${String((drawn + k) % 1000).padStart(3, '0')}`;
      for (let c = 0; c < 100; c++) {
        const candidate = `${head}${String(c).padStart(2, '0')}`;
        if (isValidNorwegianIdentityNumber(candidate)) return candidate;
      }
    }
    throw new Error(`No Norwegian identity number for ${dd}${mm}${yyyy}`);
  }
  const head = `${yyyy}${mm}${dd}-${rng.digits(4).slice(0, 3)}`;
  for (let c = 0; c < 10; c++) if (isValidSwedishIdentityNumber(`${head}${c}`)) return `${head}${c}`;
  throw new Error(`No Swedish identity number for ${head}`);
}

export function postalCode(rng: Rng, city: string): string {
  switch (city) {
    case 'Oslo':
      return String(rng.int(150, 1295)).padStart(4, '0');
    case 'Bergen':
      return String(rng.int(5003, 5098));
    case 'Trondheim':
      return String(rng.int(7010, 7099));
    case 'Stockholm':
      return `${rng.int(111, 175)} ${rng.digits(2)}`;
    case 'Uppsala':
      return `${rng.int(751, 757)} ${rng.digits(2)}`;
    case 'Västerås':
      return `${rng.int(721, 725)} ${rng.digits(2)}`;
    default:
      return rng.digits(4);
  }
}
