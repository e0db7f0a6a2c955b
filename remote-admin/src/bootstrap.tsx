import routes from './routes';
import { DEV_HOST } from './dev-host/dev-host-settings';
import { mountDevHost } from '../../tooling/dev-host/mount-dev-host';

mountDevHost({ ...DEV_HOST, routes });
