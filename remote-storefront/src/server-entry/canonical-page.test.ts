import { canonicalPage } from './page-render';

describe("the storefront's canonical URLs, from its public pages' route modules", () => {
  test('a list URL keeps only what the list reads, in one order, defaults left out', () => {
    expect(canonicalPage('/booklist', 'junk=1&size=10&page=0&condition=Excellent&search=dune&utm_source=x')).toEqual({
      path: '/booklist',
      search: 'search=dune&condition=Excellent&size=10',
      renders: true,
    });
    expect(canonicalPage('/booklist/', 'sort=newest')).toMatchObject({ path: '/booklist' });
  });

  test('every spelling of one list has the same URL, however many junk parameters come with it', () => {
    const spellings = ['page=2&condition=Good', 'condition=Good&page=2', 'condition=Good&page=2&x=1&y=2'];
    const urls = new Set(spellings.map((search) => JSON.stringify(canonicalPage('/booklist', search))));
    expect(urls.size).toBe(1);
  });

  test("a category page drops a category parameter (its path's category is the page's) and keeps its filters", () => {
    expect(canonicalPage('/category/3', 'category=5&condition=Fair')).toEqual({
      path: '/category/3',
      search: 'condition=Fair',
      renders: true,
    });
  });

  test('the home and categories pages take no parameter', () => {
    expect(canonicalPage('/', 'search=dune')).toEqual({ path: '/', search: '', renders: true });
    expect(canonicalPage('/category/', 'page=3')).toEqual({ path: '/category', search: '', renders: true });
  });

  test('what sign-in comes back with is kept, and that page is left to the browser', () => {
    expect(canonicalPage('/booklist', 'resume=book&resumeId=b1&junk=1')).toEqual({
      path: '/booklist',
      search: 'resume=book&resumeId=b1',
      renders: false,
    });
    expect(canonicalPage('/booklist', 'saveSearch=1&search=dune')).toMatchObject({ renders: false });
  });

  test('a path that is no public page has none', () => {
    expect(canonicalPage('/login', 'x=1')).toBeNull();
    expect(canonicalPage('/book/1', '')).toBeNull();
  });

  test('a category id is decoded once and written back as one path segment', () => {
    expect(canonicalPage('/category/a%2Fb', '')).toEqual({ path: '/category/a%2Fb', search: '', renders: true });
  });
});
