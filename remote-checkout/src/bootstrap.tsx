import routes from './routes';
import { DEV_HOST } from './dev-host/dev-host-settings';
import { mountDevHost } from '@bookswap/dev-host';

void mountDevHost({ ...DEV_HOST, routes });
