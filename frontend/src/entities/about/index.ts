import { platformApi } from '@contracts/platform/api';
import { getQuery } from '../../lib/contract-query';

/** GET /api/about (public): the app's name, version and where 'Suporte' leads; it changes only with a deploy. */
export const aboutQuery = () => ({
  ...getQuery(platformApi.about, {}),
  staleTime: Infinity,
});
