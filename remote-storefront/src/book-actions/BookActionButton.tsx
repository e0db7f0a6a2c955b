import Button, { type ButtonProps } from '@mui/material/Button';
import type { MouseEvent } from 'react';
import { inPlace } from './in-place';

export interface BookActionButtonProps extends Omit<ButtonProps, 'href' | 'onClick'> {
  /**
   * Until the visitor is known signed in, the action is a link to /login that keeps this page (`signInHref`): a
   * tap before the page's scripts run, or with none, follows it. Without one it is a plain button.
   */
  href?: string;
  onPress(): void;
}

/** Book Now or Report: a link that works as painted, which the page's script turns into the press it handles. */
export function BookActionButton({ href, onPress, ...button }: BookActionButtonProps) {
  const press = (event: MouseEvent) => {
    if (href !== undefined && !inPlace(event)) return;
    event.preventDefault();
    onPress();
  };
  return <Button {...button} href={href} onClick={press} />;
}
