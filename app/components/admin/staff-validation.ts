import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * How a staff form checks its fields in the browser (Conform): on leaving a field, then again as
 * the person types, with the same zod schema the server checks. Spread into `useForm`.
 */
export function staffValidation(schema: z.ZodType) {
  return {
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
  } as const;
}
