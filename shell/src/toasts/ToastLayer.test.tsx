import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { notifySuccess } from '@bookswap/shared/ui';
import { findToast } from '@bookswap/shared/testing';
import { ToastLayer } from './ToastLayer';
import { toastDemandWatcher, toastsWanted } from './toasts-on-demand';

/** What the federation runtime tells `afterLoadShare` once some part has loaded a shared module. */
function loaded(pkgName: string) {
  const args = { pkgName } as Parameters<NonNullable<ReturnType<typeof toastDemandWatcher>['afterLoadShare']>>[0];
  toastDemandWatcher().afterLoadShare?.(args);
}

// One story, in order: the demand is the page's, once.
describe('the toast layer', () => {
  it('mounts the container only once a part loads react-toastify, and then shows what was said meanwhile', async () => {
    const { container } = render(<ToastLayer />);
    expect(container).toBeEmptyDOMElement();

    // A notice raised before the container exists waits for it.
    act(() => notifySuccess('Product added'));
    loaded('@mui/material/Button');
    expect(toastsWanted()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Product added')).not.toBeInTheDocument();

    act(() => loaded('react-toastify'));
    expect(toastsWanted()).toBe(true);
    expect(await findToast('Product added')).toBeInTheDocument();
  });
});
