import { describe, expect, it } from 'vitest';
import { bookingListHighlights, compareBookingsForList, type BookingListItem } from '../src/index.ts';

const at = (day: number) => `2026-06-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const item = (bid: string, state: BookingListItem['state'], day: number, activatable = false): BookingListItem => ({
  bid,
  state,
  start: at(day),
  activatable,
});

describe('compareBookingsForList (§4 order)', () => {
  it('puts active first, then future by start ascending, then historic newest first', () => {
    const items = [
      item('F-old', 'FINISHED', 1),
      item('I-late', 'INACTIVE', 20),
      item('C-mid', 'CANCELLED', 5),
      item('A', 'ACTIVE', 10),
      item('I-soon', 'INACTIVE', 12),
      item('F-new', 'FINISHED', 8),
    ];
    expect([...items].sort(compareBookingsForList).map((b) => b.bid)).toEqual(['A', 'I-soon', 'I-late', 'F-new', 'C-mid', 'F-old']);
  });
});

describe('bookingListHighlights (§4)', () => {
  it('marks the active booking current, the first inactive next and the newest finished previous', () => {
    const marks = bookingListHighlights([
      item('I2', 'INACTIVE', 20),
      item('I1', 'INACTIVE', 12),
      item('A', 'ACTIVE', 10),
      item('F1', 'FINISHED', 1),
      item('F2', 'FINISHED', 8),
      item('C', 'CANCELLED', 9),
    ]);
    expect(Object.fromEntries(marks)).toEqual({ A: 'CURRENT', I1: 'NEXT', F2: 'PREVIOUS' });
  });

  it('without an active booking, the first activatable one is current and the next inactive one next', () => {
    const marks = bookingListHighlights([item('I1', 'INACTIVE', 11, true), item('I2', 'INACTIVE', 12), item('I3', 'INACTIVE', 13)]);
    expect(Object.fromEntries(marks)).toEqual({ I1: 'CURRENT', I2: 'NEXT' });
  });

  it('with nothing activatable there is no current booking; the first inactive one is next', () => {
    const marks = bookingListHighlights([item('I2', 'INACTIVE', 12), item('I1', 'INACTIVE', 11), item('C', 'CANCELLED', 3)]);
    expect(Object.fromEntries(marks)).toEqual({ I1: 'NEXT' });
  });
});
