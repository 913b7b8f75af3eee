// The account domain's wire types (server contract, camelCase). Replaced by the generated
// OpenAPI types once docs/openapi.json exists (npm run gen:api).

export type Gender = 'female' | 'male';
export type Level = 'VIP' | 'SVIP';

export interface User {
  userId: number;
  userName: string;
  email: string;
  emailVerified: boolean;
  gender: Gender;
  country: string;
  birthday: string;
  age: number;
  avatar: string | null;
  avatarThumb: string | null;
  signature: string | null;
  telephone: string | null;
  language: string;
  level: Level | null;
  memberExpiresAt: string | null;
  coins: number;
  characters: number;
  emUser: string;
  createdAt: string;
}

export interface AuthResult {
  token: string;
  user: User;
}

export interface RegisterInput {
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

export interface LoginInput {
  userName: string;
  password: string;
}

export interface EmailVerifiedResult {
  emailVerified: boolean;
  charactersGranted: number;
  characters: number;
}

export interface ProfileUpdate {
  userName?: string;
  gender?: Gender;
  country?: string;
  birthday?: string;
  signature?: string;
  telephone?: string;
  language?: string;
}

export interface AvatarResult {
  avatar: string;
  avatarThumb: string;
}
