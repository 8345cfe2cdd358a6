import { platformApi } from '@contracts/platform/api';
import { operationQuery } from '../../lib/contract-query';

/** GET /api/about (public): the app's name, version and where 'Suporte' leads; it changes only with a deploy. */
export const aboutQuery = () => ({ ...operationQuery(platformApi.about, {}), staleTime: Infinity });
