import { z } from 'zod';

export const comuneSchema = z.object({
  /** ISTAT code, 6 digits. */
  id: z.string(),
  name: z.string(),
  province: z.string(),
  province_name: z.string(),
  region: z.string(),
  caps: z.array(z.string()),
});
export type Comune = z.infer<typeof comuneSchema>;

export const provinceSchema = z.object({ sigla: z.string(), name: z.string(), region: z.string() });
export const countrySchema = z.object({ code: z.string(), name: z.string(), belfiore: z.string().nullable() });
export const atecoSchema = z.object({ code: z.string(), description: z.string() });
export const operatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** COW operator code of the migration code, when known (fixed-line operators). */
  migration_code: z.string().nullable().default(null),
  virtual: z.boolean().default(false),
});

export const cfDecodedSchema = z.object({
  cf: z.string(),
  valid: z.boolean(),
  sex: z.enum(['M', 'F']).nullable(),
  /** yyyy-mm-dd */
  birth_date: z.string().nullable(),
  birth_city: z.string().nullable(),
  birth_province: z.string().nullable(),
  birth_country: z.string().nullable(),
  omocodia: z.boolean(),
});

export const ibanResultSchema = z.object({
  valid: z.boolean(),
  iban: z.string(),
  country: z.string().nullable(),
  abi: z.string().nullable(),
  cab: z.string().nullable(),
  bank_name: z.string().nullable(),
});

export const migrationCodeResultSchema = z.object({
  valid: z.boolean(),
  cos: z.string().nullable(),
  operator: z.string().nullable(),
});
