import { returnPathFrom } from './return-path';

describe('where login sends the user back to', () => {
  it('is the page the guard remembered, with its query and hash', () => {
    expect(returnPathFrom({ from: { pathname: '/booklist', search: '?page=2', hash: '#top' } })).toBe(
      '/booklist?page=2#top',
    );
    expect(returnPathFrom({ from: '/dashboard/myorder' })).toBe('/dashboard/myorder');
  });

  it('is home when nothing was remembered', () => {
    expect(returnPathFrom(null)).toBe('/');
    expect(returnPathFrom({})).toBe('/');
  });

  it('never leaves the app nor loops back to the sign-in screens', () => {
    expect(returnPathFrom({ from: '//evil.test/steal' })).toBe('/');
    expect(returnPathFrom({ from: 'https://evil.test/' })).toBe('/');
    expect(returnPathFrom({ from: { pathname: '/signup', search: '', hash: '' } })).toBe('/');
  });
});
