import { afterEach, describe, expect, it } from 'vitest';
import { forgetListReturn, listReturn, rememberListLocation } from '@/lib/router/list-return';
import { parseSearch, stringifySearch } from '@/lib/router/search-serialization';

describe('search params in the URL (issue 17)', () => {
  it('writes texts that are numbers plainly, and reads each value back as the same value', () => {
    const search = {
      search: '98765432',
      page: 2,
      edit: true,
      phone: '+4798765432',
      zip: '0150',
      price: '1.50',
      long: '12345678901234567890',
      word: 'true',
    };
    const text = stringifySearch(search);
    expect(text).toBe('?search=98765432&page=2&edit=true&phone=%2B4798765432&zip=0150&price=1.50&long=12345678901234567890&word=%22true%22');
    // A digits-only text reads as the number (validateSearch turns it back into text); nothing loses a digit.
    expect(parseSearch(text)).toEqual({ ...search, search: 98765432 });
  });

  it('keeps arrays and objects as JSON', () => {
    const text = stringifySearch({ groups: ['A', 'B'] });
    expect(parseSearch(text)).toEqual({ groups: ['A', 'B'] });
  });
});

describe('back links keep the list’s search', () => {
  afterEach(forgetListReturn);

  it('returns to the first screen of the list when none was shown', () => {
    expect(listReturn('/users')).toEqual({ path: '/users', search: {} });
  });

  it('remembers the last list shown with its search, across a reload of the tab', () => {
    rememberListLocation({ pathname: '/users', search: { query: 'nordmann', page: 2 } });
    rememberListLocation({ pathname: '/users/demo.active', search: { tab: 'bookings' } });
    expect(listReturn('/users')).toEqual({ path: '/users', search: { query: 'nordmann', page: 2 } });
    rememberListLocation({ pathname: '/support/', search: { search: '98765432' } });
    expect(listReturn('/users')).toEqual({ path: '/support', search: { search: '98765432' } });
    expect(JSON.parse(window.sessionStorage.getItem('fleetdesk.listReturn') ?? 'null')).toEqual({ path: '/support', search: { search: '98765432' } });
  });
});
