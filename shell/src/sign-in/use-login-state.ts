import { useLocation } from 'react-router-dom';
import { loginStateOf } from '@bookswap/contract/routing';

/**
 * What the sign-in screens were opened with: the navigation state a guard or an action left, or the same carried
 * by the address of a link followed before the page's scripts ran (`loginHref`).
 */
export function useLoginState(): unknown {
  return loginStateOf(useLocation());
}
