import { isAddress } from "viem";
import { z } from "zod";

/** An EVM address, stored and compared lower-cased. */
export const addressSchema = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), { message: "must be a valid address" })
  .transform((v) => v.toLowerCase() as `0x${string}`);

/** A chain id in a JSON body. */
export const chainIdBody = z
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);

/** A chain id in a path or query (text). */
export const chainIdParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);

/** Path parameters of a route about one DAO (`/:chainId/…/:pool/…`), with the route's own ones. */
export const poolParams = <S extends z.ZodRawShape = Record<never, never>>(extra: S = {} as S) =>
  z.strictObject({ chainId: chainIdParam, pool: addressSchema, ...extra });
