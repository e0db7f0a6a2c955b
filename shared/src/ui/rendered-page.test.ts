import { drawsRenderedPage, PAGE_STATE_ID } from './rendered-page';

describe('whether a render draws a page the shell’s server rendered', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is so in a page that arrived with the server’s state, and not in one the browser renders alone', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(drawsRenderedPage()).toBe(false);
    document.body.innerHTML = `<div id="root"><main></main></div><script type="application/json" id="${PAGE_STATE_ID}">{}</script>`;
    expect(drawsRenderedPage()).toBe(true);
  });
});
