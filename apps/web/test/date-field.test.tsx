import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateField } from '@/components/date-field';
import { i18n } from '@/lib/i18n/i18n';

afterEach(cleanup);

function Harness({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Valid until"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const shownValue = () => (document.querySelector('input[name], .MuiPickersInputBase-input, input') as HTMLInputElement).value;

// Issue 17, §9: a date field shows YYYY-MM-DD in every language, and the picker's own words are the UI language's.
describe('DateField', () => {
  it.each([
    ['nb', 'Velg dato, valgt dato er 26. nov. 2026'],
    ['sv', 'Välj datum, valt datum är 26 nov 2026'],
    ['de', 'Datum auswählen, gewähltes Datum ist 26. Nov. 2026'],
    ['en-GB', 'Choose date, selected date is 26 Nov 2026'],
  ])('under %s shows 2026-11-26 and names its calendar button in that language', async (language, buttonName) => {
    await i18n.changeLanguage(language);
    render(<Harness initial="2026-11-26" onValue={() => undefined} />);
    expect(shownValue()).toBe('2026-11-26');
    expect(screen.getByRole('button', { name: buttonName })).toBeTruthy();
  });

  it('reports the day chosen in the calendar as YYYY-MM-DD', async () => {
    await i18n.changeLanguage('nb');
    const values: string[] = [];
    render(<Harness initial="2026-11-26" onValue={(v) => values.push(v)} />);
    await userEvent.click(screen.getByRole('button', { name: /^Velg dato/ }));
    await userEvent.click(await screen.findByRole('gridcell', { name: '3' }));
    await waitFor(() => expect(values.at(-1)).toBe('2026-11-03'));
    expect(shownValue()).toBe('2026-11-03');
  });

  it('takes a day typed section by section from the keyboard, reported once complete', async () => {
    await i18n.changeLanguage('en-GB');
    const values: string[] = [];
    render(<Harness initial="" onValue={(v) => values.push(v)} />);
    const field = screen.getByRole('group', { name: 'Valid until' });
    await userEvent.click(within(field).getByRole('spinbutton', { name: 'Year' }));
    await userEvent.keyboard('20270131');
    // Nothing half-typed reaches the caller (a filter would put it in the URL): the day is reported on Enter or leaving.
    expect(values).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(values).toEqual(['2027-01-31']));
    expect(shownValue()).toBe('2027-01-31');
  });

  it("left with a day half typed, reports nothing and shows the caller's day again", async () => {
    await i18n.changeLanguage('en-GB');
    const values: string[] = [];
    render(
      <>
        <Harness initial="2026-11-01" onValue={(v) => values.push(v)} />
        <button type="button">elsewhere</button>
      </>,
    );
    const field = screen.getByRole('group', { name: 'Valid until' });
    await userEvent.click(within(field).getByRole('spinbutton', { name: 'Year' }));
    // The year 0002, on the way to 2027: not a day this field reports.
    await userEvent.keyboard('2');
    expect(within(field).getByRole('spinbutton', { name: 'Year' }).textContent).toBe('0002');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    await waitFor(() => expect(within(field).getByRole('spinbutton', { name: 'Year' }).textContent).toBe('2026'));
    expect(values).toEqual([]);
    expect(shownValue()).toBe('2026-11-01');
  });
});
