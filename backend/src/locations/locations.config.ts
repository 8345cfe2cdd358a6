import { z } from 'zod';
import type { ConfigWith } from '../config/config';

/** Environment settings of the locations context. */
export const locationsConfigShape = {
  /** A ViaCEP-compatible postal-code service: GET {url}/{cep}/json/. */
  CEP_SERVICE_URL: z.url().default('https://viacep.com.br/ws'),
};

export type LocationsConfig = ConfigWith<typeof locationsConfigShape>;
