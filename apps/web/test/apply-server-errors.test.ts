import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_IDS, MESSAGES, type ErrorEnvelope, type ErrorItem } from '@fleetdesk/contract';
import { useForm } from 'react-hook-form';
import { fieldMessageText as staffFieldMessageText } from '@/features/staff/staff-messages';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, placeServerErrors, serverErrorItems } from '@/lib/forms/apply-server-errors';
import { fieldMessageText } from '@/lib/forms/field-message-text';
import { i18n } from '@/lib/i18n/i18n';

const envelope = (errors: ErrorItem[], httpCode = 400): ErrorEnvelope => ({
  httpCode,
  messageId: MESSAGE_IDS.invalidInput,
  message: 'Invalid input',
  errors,
});
const apiError = (errors: ErrorItem[], status = 400) => new ApiError(status, envelope(errors, status));

interface UserValues {
  username: string;
  streetAddress: string;
  city: string;
  items: { comment: string }[];
}
const DEFAULTS: UserValues = { username: 'kari', streetAddress: '', city: 'Oslo', items: [{ comment: '' }, { comment: 'ok' }] };

/** A form whose errors re-render it (react-hook-form tracks only the formState read while rendering). */
const renderForm = () =>
  renderHook(() => {
    const form = useForm<UserValues>({ defaultValues: DEFAULTS });
    void form.formState.errors;
    return form;
  }).result;

afterEach(async () => {
  await i18n.changeLanguage('en-GB');
});

describe('applyServerErrors (§8 field errors onto form fields)', () => {
  it('maps dotted server paths through a record, by the whole path or its longest listed prefix, and returns the rest', () => {
    const form = renderForm();
    const error = apiError([
      { field: 'address.streetAddress', message: 'Too long' },
      { field: 'address.city.name', message: 'Unknown city' },
      { field: 'pinCode', message: 'Invalid pin code' },
      { message: 'The user is blocked' },
    ]);
    let result: ReturnType<typeof applyServerErrors<UserValues>> | undefined;
    act(() => {
      result = applyServerErrors(form.current, error, { fields: { 'address.streetAddress': 'streetAddress', 'address.city': 'city' } });
    });

    expect(form.current.formState.errors.streetAddress).toMatchObject({ type: 'server', message: 'Too long' });
    expect(form.current.formState.errors.city).toMatchObject({ type: 'server', message: 'Unknown city' });
    expect(result?.placed.map(({ name, item }) => [name, item.field])).toEqual([
      ['streetAddress', 'address.streetAddress'],
      ['city', 'address.city.name'],
    ]);
    expect(result?.unplaced).toEqual([{ field: 'pinCode', message: 'Invalid pin code' }, { message: 'The user is blocked' }]);
  });

  it('without a mapping puts a path on the same react-hook-form path when the form holds it', () => {
    const form = renderForm();
    let unplaced: ErrorItem[] = [];
    act(() => {
      ({ unplaced } = applyServerErrors(
        form.current,
        envelope([
          { field: 'items.0.comment', message: 'Required' },
          { field: 'username', message: 'User name taken' },
          { field: 'items.5.comment', message: 'No such line' },
          { field: 'nickname', message: 'Not a field' },
        ]),
      ));
    });

    expect(form.current.formState.errors.items?.[0]?.comment?.message).toBe('Required');
    expect(form.current.formState.errors.username?.message).toBe('User name taken');
    expect(unplaced.map((item) => item.field)).toEqual(['items.5.comment', 'nickname']);
  });

  it('takes a list of field names the server spells the same way, or a function of the path', () => {
    const setError = vi.fn();
    const list = applyServerErrors<UserValues>(
      { setError },
      apiError([
        { field: 'city', message: 'A' },
        { field: 'items.1', message: 'B' },
      ]),
      {
        fields: ['city', 'items'],
      },
    );
    expect(list.placed.map((entry) => entry.name)).toEqual(['city', 'items']);

    const byFunction = applyServerErrors<UserValues>(
      { setError },
      apiError([
        { field: 'contact.city', message: 'C' },
        { field: 'x', message: 'D' },
      ]),
      {
        fields: (path) => (path.startsWith('contact.') ? 'city' : null),
      },
    );
    expect(byFunction.placed.map((entry) => [entry.name, entry.message])).toEqual([['city', 'C']]);
    expect(byFunction.unplaced).toEqual([{ field: 'x', message: 'D' }]);
    expect(setError).toHaveBeenCalledTimes(3);
  });

  it('places only answers of the asked status, and nothing for an error that is not an API error', () => {
    const setError = vi.fn();
    const conflict = applyServerErrors<UserValues>({ setError }, apiError([{ field: 'username', message: 'Taken' }], 409), { status: 400 });
    expect(conflict).toEqual({ placed: [], unplaced: [] });
    expect(applyServerErrors<UserValues>({ setError }, new Error('offline'))).toEqual({ placed: [], unplaced: [] });
    expect(setError).not.toHaveBeenCalled();

    const asked = applyServerErrors<UserValues>({ setError }, apiError([{ field: 'username', message: 'Taken' }], 409), { status: [400, 409] });
    expect(asked.placed).toHaveLength(1);
  });

  it('reads an envelope or the error list of one as well as an ApiError', () => {
    expect(serverErrorItems(envelope([{ field: 'city', message: 'A' }]), 400)).toEqual([{ field: 'city', message: 'A' }]);
    expect(serverErrorItems(envelope([{ field: 'city', message: 'A' }], 422), 400)).toEqual([]);
    expect(serverErrorItems([{ field: 'city', message: 'A' }, { nonsense: true }])).toEqual([{ field: 'city', message: 'A' }]);
    expect(serverErrorItems('Bad Request')).toEqual([]);
    expect(placeServerErrors(envelope([{ field: ' ', message: 'blank' }]), { fields: ['city'] }).unplaced).toEqual([
      { field: ' ', message: 'blank' },
    ]);
  });

  it("words the server's messages by id and params in the staff member's language, the counter with the field's value", async () => {
    await i18n.changeLanguage('de');
    const form = renderForm();
    act(() => form.current.setValue('city', 'Trondheim'));
    act(() => {
      applyServerErrors(
        form.current,
        apiError([
          { field: 'username', messageId: 'required', message: MESSAGES.required },
          { field: 'city', messageId: 'maxLength', params: { max: 5 }, message: 'Maximum characters 5' },
          { field: 'streetAddress', messageId: 'unknownStreet', message: 'Unknown street' },
        ]),
        { t: i18n.t },
      );
    });

    expect(form.current.formState.errors.username?.message).toBe('Pflichtfeld');
    expect(form.current.formState.errors.city?.message).toBe('Maximal 5 Zeichen (9/5)');
    expect(form.current.formState.errors.streetAddress?.message).toBe('Unknown street');
  });

  it('focuses the first field only when asked', () => {
    const setError = vi.fn();
    const error = apiError([
      { field: 'city', message: 'A' },
      { field: 'username', message: 'B' },
    ]);
    applyServerErrors<UserValues>({ setError }, error, { fields: ['city', 'username'], shouldFocus: true });
    expect(setError.mock.calls).toEqual([
      ['city', { type: 'server', message: 'A' }, { shouldFocus: true }],
      ['username', { type: 'server', message: 'B' }, { shouldFocus: false }],
    ]);
    setError.mockClear();
    applyServerErrors<UserValues>({ setError }, error, { fields: ['city'] });
    expect(setError.mock.calls).toEqual([['city', { type: 'server', message: 'A' }, { shouldFocus: false }]]);
  });
});

describe('fieldMessageText', () => {
  it('is the one translation the staff screens use too', async () => {
    expect(staffFieldMessageText).toBe(fieldMessageText);
    await i18n.changeLanguage('nb');
    expect(fieldMessageText(MESSAGES.invalidEmail, 'x', i18n.t)).toBe(i18n.t('messages.invalidEmail'));
    expect(fieldMessageText('Maximum characters 3', '  abcd ', i18n.t)).toBe(i18n.t('messages.maxCharacters', { max: 3, len: 4 }));
    expect(fieldMessageText('Something else', 'x', i18n.t)).toBe('Something else');
  });
});
