import type { Location } from 'react-router-dom';
import {
  loginHref,
  loginReasonOf,
  loginRedirectState,
  loginStateOf,
  pageRedirectState,
  signInPageOf,
} from './login-redirect';

const at = (pathname: string, search = ''): Location => ({ pathname, search, hash: '', state: null, key: 'default' });

describe('a link to /login that works before the scripts do', () => {
  it('carries the origin with its resume and the reason, so sign-in comes back and reopens the action', () => {
    const href = loginHref(loginRedirectState(at('/booklist', '?page=2&resumeId=b1'), 'book'));
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/login');
    const state = loginStateOf({ state: null, search: url.search });
    expect(state).toEqual({ from: '/booklist?page=2&resumeId=b1&resume=book', reason: 'book' });
    expect(loginReasonOf(state)).toBe('book');
  });

  it('carries the page a link was for (the details)', () => {
    const state = loginStateOf({
      state: null,
      search: new URL(loginHref(pageRedirectState(at('/bookDetails/b1'), 'details')), 'http://localhost').search,
    });
    expect(state).toEqual({ from: '/bookDetails/b1', page: 'details' });
    expect(signInPageOf(state)).toBe('details');
  });

  it('prefers the navigation state a script sent, and names no reason or page it does not know', () => {
    const sent = loginRedirectState(at('/'), 'report');
    expect(loginStateOf({ state: sent, search: '?from=/elsewhere' })).toBe(sent);
    expect(loginStateOf({ state: null, search: '?from=/booklist&reason=steal&page=admin' })).toEqual({
      from: '/booklist',
    });
    expect(loginStateOf({ state: null, search: '' })).toBeNull();
  });
});
