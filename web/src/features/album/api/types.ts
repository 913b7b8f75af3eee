// The album domain's wire types, from the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`).
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

/** Open: members see it; private: only its owner; review: only its owner, until staff approve. */
export type PhotoState = Schemas['PhotoState'];

/** A photo of an album; `isOpen` is the owner's choice, kept while it is under review. */
export type Photo = Schemas['Photo'];

export interface Album {
  rows: Photo[];
  total: number;
}
