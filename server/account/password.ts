import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's const enum cannot be read under isolated modules. */
const ARGON2ID = 2 as Algorithm;

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export function createPasswordHasher(cost: Argon2Cost) {
  const options = { algorithm: ARGON2ID, ...cost };
  // Verifying against this when the account does not exist keeps the answer time the same either way, so
  // timing does not reveal which account names exist.
  const dummy = hash('not-a-real-password-0000', options);
  return {
    hash: (password: string) => hash(password, options),
    async verify(hashed: string | null, password: string): Promise<boolean> {
      try {
        const ok = await verify(hashed ?? (await dummy), password);
        return hashed !== null && ok;
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
