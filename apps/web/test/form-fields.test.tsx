import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { MESSAGES, type ErrorEnvelope } from '@fleetdesk/contract';
import { FilterField } from '@/components/filter-field';
import { FormTextField } from '@/components/form-text-field';
import { applyServerErrors } from '@/lib/forms/apply-server-errors';
import { i18n } from '@/lib/i18n/i18n';

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
});
afterEach(cleanup);

describe('FilterField', () => {
  /** A list filter inside something that closes on Escape (a drawer, a dialog): it records the Escapes it receives. */
  function FilterHarness({ initial = '' }: { initial?: string }) {
    const [text, setText] = useState(initial);
    const [escapes, setEscapes] = useState(0);
    return (
      <div onKeyDown={(event) => event.key === 'Escape' && setEscapes((n) => n + 1)}>
        <FilterField label="Filter by city or pool" value={text} onChange={setText} clearLabel="Clear the filter" />
        <p data-testid="state">{`${text}|${escapes}`}</p>
      </div>
    );
  }
  const state = () => screen.getByTestId('state').textContent;

  it('filters as the staff member types, and clears with its button, the focus back in the field', async () => {
    const user = userEvent.setup();
    render(<FilterHarness />);
    const input = screen.getByRole('textbox', { name: 'Filter by city or pool' });
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Clear the filter' })).toBeNull();
    await user.type(input, 'Oslo');
    expect(state()).toBe('Oslo|0');
    await user.click(screen.getByRole('button', { name: 'Clear the filter' }));
    expect(state()).toBe('|0');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Clear the filter' })).toBeNull();
  });

  it('clears on Escape without letting that Escape close what is around it; an empty field lets it through', async () => {
    const user = userEvent.setup();
    render(<FilterHarness initial="Bergen" />);
    await user.click(screen.getByRole('textbox', { name: 'Filter by city or pool' }));
    await user.keyboard('{Escape}');
    expect(state()).toBe('|0');
    await user.keyboard('{Escape}');
    expect(state()).toBe('|1');
  });
});

describe('FormTextField', () => {
  interface Values {
    city: string;
    note: string;
  }
  let form: UseFormReturn<Values> | undefined;

  function FormHarness() {
    const methods = useForm<Values>({ defaultValues: { city: 'Oslo', note: '' } });
    form = methods;
    return (
      <I18nextProvider i18n={i18n}>
        <form noValidate aria-label="Test form">
          <FormTextField control={methods.control} name="city" label="City" helperText="Where the user lives" />
          <FormTextField control={methods.control} name="note" label="Note" multiline />
        </form>
      </I18nextProvider>
    );
  }
  const current = () => {
    if (!form) throw new Error('the form is not rendered');
    return form;
  };

  it('is bound to its field by name: typing sets the value, a reset shows the new one', async () => {
    const user = userEvent.setup();
    render(<FormHarness />);
    const city = screen.getByRole('textbox', { name: 'City' });
    expect((city as HTMLInputElement).value).toBe('Oslo');
    await user.clear(city);
    await user.type(city, 'Bergen');
    expect(current().getValues('city')).toBe('Bergen');
    act(() => current().reset({ city: 'Tromsø', note: '' }));
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Tromsø');
  });

  it("shows the field's error in place of the helper text, in the staff member's language, and marks the input invalid", async () => {
    await i18n.changeLanguage('de');
    render(<FormHarness />);
    const city = screen.getByRole('textbox', { name: 'City' });
    expect(screen.getByText('Where the user lives')).toBeTruthy();
    expect(city.getAttribute('aria-invalid')).toBe('false');
    // A message of the contract's schemas, as the form's own validation words it (English).
    act(() => current().setError('city', { type: 'validate', message: MESSAGES.required }));
    expect(screen.getByText('Pflichtfeld')).toBeTruthy();
    expect(screen.queryByText('Where the user lives')).toBeNull();
    expect(city.getAttribute('aria-invalid')).toBe('true');
    act(() => current().clearErrors('city'));
    expect(screen.getByText('Where the user lives')).toBeTruthy();
  });

  it("takes the server's §8 field errors through applyServerErrors, focusing the first field that got one", () => {
    render(<FormHarness />);
    const envelope: ErrorEnvelope = {
      httpCode: 400,
      messageId: 'errorId.core.validation',
      message: 'Validation failed',
      errors: [{ field: 'note', messageId: 'maxLength', params: { max: 5 }, message: 'Maximum characters 5' }],
    };
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'far too long' } });
    act(() => {
      applyServerErrors(current(), envelope, { t: i18n.t, shouldFocus: true });
    });
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(screen.getByText('Maximum characters 5 (12/5)')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
  });
});
