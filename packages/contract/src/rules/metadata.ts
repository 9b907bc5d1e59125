import type { MetadataSpecEntry } from '../entities.ts';
import type { MessageKey } from '../messages.ts';
import { messageRef, type MessageRef } from '../message-refs.ts';

/**
 * The one check of a booking's metadata against its contract's spec (§3 metadata spec, §5 "New or updated booking"):
 * used by POST /api/bookings, PUT /api/bookings/{bid}, PUT /api/bookings/{bid}/metadata and the booking form's
 * metadata fields. docs/decisions/0045-shared-rules.md.
 *
 * - Values are trimmed; a blank value counts as not given (and is not stored).
 * - A required field needs a value ('required').
 * - INTEGER: an optional sign and digits, within JavaScript's safe integers ('mustBeNumber'), so that
 *   '999999999999999999999' is refused everywhere.
 * - CHOICE: one of the spec's choices ('notAChoice'); a CHOICE without choices takes any value.
 * - A key the spec does not have is refused ('notAMetadataField').
 */

export interface MetadataProblem {
  /** The metadata key, and the form / error field it belongs to: `metadata.<key>`. */
  key: string;
  field: string;
  /** The message key (MESSAGES); `params` fill its placeholders. */
  message: Extract<MessageKey, 'required' | 'mustBeNumber' | 'notAChoice' | 'notAMetadataField'>;
  params: Record<string, string>;
  /** The spec entry's label, or the key for a field outside the spec. */
  label: string;
}

export interface MetadataCheck {
  /** The trimmed, non-blank values (what is stored when there is no problem). */
  metadata: Record<string, string>;
  /** In the spec's order, then the unknown keys in the input's order; empty when the metadata is fine. */
  problems: MetadataProblem[];
}

/** The message of a problem led by the field's label ("Licence plate: Required"): the catalogue's labelled form. */
const LABELLED: Record<MetadataProblem['message'], MessageKey> = {
  required: 'metadataRequired',
  mustBeNumber: 'metadataMustBeNumber',
  notAChoice: 'metadataNotAChoice',
  notAMetadataField: 'metadataNotAField',
};

/**
 * A problem as a message by key (docs/decisions/0059): the labelled message with the operator's label as `{label}`,
 * worded in English as "<label>: <message>".
 */
export const metadataProblemRef = (p: MetadataProblem): MessageRef => messageRef(LABELLED[p.message], { ...p.params, label: p.label });

const INTEGER = /^[+-]?\d+$/;

/** Whether a text reads as a whole number the spec's INTEGER type takes. */
export const isMetadataInteger = (value: string): boolean => INTEGER.test(value) && Number.isSafeInteger(Number(value));

/** Metadata values trimmed, blanks left out. */
export function trimMetadata(input: Readonly<Record<string, string | null | undefined>> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(input ?? {})) {
    const value = raw?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** Checks metadata against a contract's metadata spec. */
export function checkMetadata(
  spec: readonly MetadataSpecEntry[],
  input: Readonly<Record<string, string | null | undefined>> | null | undefined,
): MetadataCheck {
  const metadata = trimMetadata(input);
  const problems: MetadataProblem[] = [];
  const problem = (key: string, label: string, message: MetadataProblem['message'], params: Record<string, string> = {}) =>
    problems.push({ key, field: `metadata.${key}`, message, params, label });
  for (const entry of spec) {
    const value = metadata[entry.key];
    if (value === undefined) {
      if (entry.required) problem(entry.key, entry.label, 'required');
    } else if (entry.type === 'INTEGER' && !isMetadataInteger(value)) {
      problem(entry.key, entry.label, 'mustBeNumber');
    } else if (entry.type === 'CHOICE' && entry.choices !== null && entry.choices.length > 0 && !entry.choices.includes(value)) {
      problem(entry.key, entry.label, 'notAChoice', { choices: entry.choices.join(', ') });
    }
  }
  const keys = new Set(spec.map((entry) => entry.key));
  for (const key of Object.keys(metadata)) if (!keys.has(key)) problem(key, key, 'notAMetadataField');
  return { metadata, problems };
}
