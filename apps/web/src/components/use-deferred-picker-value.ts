import { useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import type { Dayjs } from 'dayjs';

export interface DeferredPickerOptions {
  /** The caller's value as text ('' for none). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The caller's ref to the field's input, if any. */
  inputRef?: Ref<HTMLInputElement>;
  /** The caller's text as a picker value; null when blank or malformed. */
  parse: (value: string) => Dayjs | null;
  /** The format of the caller's text. */
  format: string;
  /**
   * Whether a picker value is one still being typed (a section left blank, the year 0002 on the way to 2002): such a
   * value is shown but never reported, focused or not, and the caller keeps its value, which the field shows again
   * when it is left. Without it, a value that is not
   * a valid date is reported as ''.
   */
  isIncomplete?: (date: Dayjs) => boolean;
}

/**
 * The value handling shared by the date and the date-time field. Typed section by section, a value passes through
 * others (typing the day 23 first gives the 2nd; the year 2 comes before 2027): those stay in the field until it is
 * left or Enter is pressed, so the caller's rules never act on them and a caller that puts the value in the URL (a
 * filter) never hands back one that would undo the typing. A value chosen in the picker while the text field does not
 * have the focus, or cleared, is reported at once. The caller's value wins whenever it is not the one last reported.
 */
export function useDeferredPickerValue({ value, onChange, onBlur, inputRef, parse, format, isIncomplete }: DeferredPickerOptions) {
  const [draft, setDraft] = useState(() => ({ reported: value, date: parse(value) }));
  let date = draft.date;
  if (draft.reported !== value) {
    date = parse(value);
    setDraft({ reported: value, date });
  }
  const focused = useRef(false);
  const pending = useRef<string | null>(null);
  // Whether the field shows a value still being typed: left so, it shows the caller's value again.
  const incomplete = useRef(false);
  // The field's input, whose text is what the field shows ('2026-12-DD' while a section is blank).
  const input = useRef<HTMLInputElement | null>(null);
  const setInput = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };
  const report = (text: string) => {
    pending.current = null;
    if (text !== value) onChange(text);
  };
  const commit = () => {
    const text = pending.current;
    if (text === null) return;
    setDraft((current) => ({ reported: text, date: current.date }));
    report(text);
  };
  const handleChange = (next: Dayjs | null) => {
    incomplete.current = next !== null && (isIncomplete?.(next) ?? false);
    if (incomplete.current) {
      pending.current = null;
      setDraft((current) => ({ reported: current.reported, date: next }));
      return;
    }
    const text = next?.isValid() ? next.format(format) : '';
    if (!focused.current) {
      setDraft({ reported: text, date: next });
      report(text);
      return;
    }
    pending.current = text;
    setDraft((current) => ({ reported: current.reported, date: next }));
  };
  const textFieldHandlers = {
    onFocus: () => {
      focused.current = true;
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
      focused.current = false;
      // Cleared and then typed in part: the picker reported the clearing (null) but not what followed it. (Without
      // isIncomplete, a time typed in part is reported as '', which the forms' rules then name.)
      if (isIncomplete && pending.current === '' && /\d/.test(input.current?.value ?? '')) {
        pending.current = null;
        incomplete.current = true;
      }
      if (incomplete.current) {
        incomplete.current = false;
        setDraft({ reported: value, date: parse(value) });
      }
      commit();
      onBlur?.();
    },
    // In the capture phase: the field's sections handle their keys themselves and Enter never bubbles to onKeyDown.
    onKeyDownCapture: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter') commit();
    },
  };
  return { date, handleChange, textFieldHandlers, inputRef: setInput };
}
