// The notices domain's wire types, from the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`).
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

/** An announcement from the Amora team, in the reader's language where staff wrote one. */
export type Notice = Schemas['Notice'];

export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * A released version of an Amora app (`platform` "web" is this one); `url` is where another
 * platform's app is downloaded; a `mandatory` one must be installed to keep using the app.
 */
export type SoftwareVersion = Schemas['Version'];
