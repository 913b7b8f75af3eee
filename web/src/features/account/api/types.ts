// The account domain's wire types. Answers come from the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`); request bodies are narrowed to what we send.

import type { Narrowed } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type Gender = Schemas['Gender'];
export type Level = Schemas['Level'];

/** A person as the API shows them to themselves (GET /getInfo). */
export type User = Schemas['UserView'];
export type EmailVerifiedResult = Schemas['EmailVerifiedView'];

export type RegisterInput = Narrowed<
  Schemas['RegisterRequest'],
  {
    userName: string;
    email: string;
    password: string;
    gender: Gender;
    country: string;
    birthday: string;
    avatar: string;
    language: string;
    signature?: string;
    telephone?: string;
    privacyAccepted: true;
  }
>;

export type LoginInput = Narrowed<Schemas['LoginRequest'], { userName: string; password: string }>;

export type ProfileUpdate = Narrowed<
  Schemas['ProfileRequest'],
  {
    userName?: string;
    gender?: Gender;
    country?: string;
    birthday?: string;
    signature?: string;
    telephone?: string;
    language?: string;
  }
>;
