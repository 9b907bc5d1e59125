import { describe, expect, it } from 'vitest';
import { checkMetadata, isMetadataInteger, trimMetadata, type MetadataSpecEntry } from '../src/index.ts';

const spec: MetadataSpecEntry[] = [
  { key: 'project', label: 'Project', description: null, type: 'TEXT', choices: null, placeholder: null, required: true },
  { key: 'costCentre', label: 'Cost centre', description: null, type: 'INTEGER', choices: null, placeholder: null, required: false },
  { key: 'purpose', label: 'Purpose', description: null, type: 'CHOICE', choices: ['Meeting', 'Course'], placeholder: null, required: false },
];
const problems = (input: Record<string, string> | null) => checkMetadata(spec, input).problems.map((p) => [p.field, p.message, p.params]);

describe('metadata (one check for create, update, PUT metadata and the booking form)', () => {
  it('accepts valid metadata, trimmed, blanks left out', () => {
    expect(checkMetadata(spec, { project: ' P-1 ', costCentre: ' 4410 ', purpose: 'Course' })).toEqual({
      metadata: { project: 'P-1', costCentre: '4410', purpose: 'Course' },
      problems: [],
    });
    expect(checkMetadata(spec, { project: 'P-1', costCentre: '', purpose: '  ' }).metadata).toEqual({ project: 'P-1' });
  });

  it('needs required fields present and not blank', () => {
    expect(problems(null)).toEqual([['metadata.project', 'required', {}]]);
    expect(problems({ project: '   ' })).toEqual([['metadata.project', 'required', {}]]);
  });

  it('needs INTEGER fields to be safe whole numbers, so a 21-digit cost centre is refused everywhere', () => {
    for (const bad of ['44A', '4.5', '1e3', '999999999999999999999', '9007199254740992']) {
      expect(problems({ project: 'P', costCentre: bad }), bad).toEqual([['metadata.costCentre', 'mustBeNumber', {}]]);
    }
    for (const good of ['-12', '+7', '0', '9007199254740991']) expect(isMetadataInteger(good), good).toBe(true);
  });

  it('needs CHOICE values among the choices (any value when the spec lists none)', () => {
    expect(problems({ project: 'P', purpose: 'Holiday' })).toEqual([['metadata.purpose', 'notAChoice', { choices: 'Meeting, Course' }]]);
    const open = [{ ...spec[2]!, choices: [] }];
    expect(checkMetadata(open, { purpose: 'Holiday' }).problems).toEqual([]);
  });

  it('refuses keys the spec does not have, after the spec’s own fields', () => {
    const result = checkMetadata(spec, { colour: 'red', project: 'P', costCentre: 'x' });
    expect(result.problems.map((p) => [p.field, p.message, p.label])).toEqual([
      ['metadata.costCentre', 'mustBeNumber', 'Cost centre'],
      ['metadata.colour', 'notAMetadataField', 'colour'],
    ]);
    expect(checkMetadata(spec, { project: 'P', colour: '  ' }).problems).toEqual([]);
  });

  it('trims values and drops blanks', () => {
    expect(trimMetadata({ a: ' x ', b: '', c: null, d: undefined })).toEqual({ a: 'x' });
    expect(trimMetadata(undefined)).toEqual({});
  });
});
