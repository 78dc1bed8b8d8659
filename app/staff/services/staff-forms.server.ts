// The staff account forms' posts as Conform submissions. Here rather than in the routes: a
// route's import of the zod adapter would stay in the browser bundle, and with it all of zod.
import { parseWithZod } from "@conform-to/zod/v4";
import {
  acceptInvitationSchema,
  changeRoleSchema,
  codeSchema,
  forgotPasswordSchema,
  inviteSchema,
  ownEmailSchema,
  ownNameSchema,
  ownPasswordSchema,
  resetPasswordSchema,
} from "~/staff/schemas/staff-account";
import type { AppealFormInput } from "~/causes/schemas/appeals";
import type { AppealInput } from "~/causes/index.server";

export const parseInviteForm = (formData: FormData) => parseWithZod(formData, { schema: inviteSchema });
export const parseAcceptForm = (formData: FormData) => parseWithZod(formData, { schema: acceptInvitationSchema });
export const parseForgotForm = (formData: FormData) => parseWithZod(formData, { schema: forgotPasswordSchema });
export const parseResetForm = (formData: FormData) => parseWithZod(formData, { schema: resetPasswordSchema });
export const parseRoleForm = (formData: FormData) => parseWithZod(formData, { schema: changeRoleSchema });
export const parseCodeForm = (formData: FormData) => parseWithZod(formData, { schema: codeSchema });
export const parseOwnNameForm = (formData: FormData) => parseWithZod(formData, { schema: ownNameSchema });
export const parseOwnEmailForm = (formData: FormData) => parseWithZod(formData, { schema: ownEmailSchema });
export const parseOwnPasswordForm = (formData: FormData) => parseWithZod(formData, { schema: ownPasswordSchema });

/** The appeal fields of a valid staff appeal form (app/causes/schemas/appeals.ts). */
export function appealInput(value: AppealFormInput): AppealInput {
  return {
    slug: value.slug ?? "",
    title: value.title,
    story: value.story.replace(/\r\n?/g, "\n"),
    goalPence: value.goal,
    goalDonors: value.goal_donors ?? null,
    startsOn: value.starts_on ?? null,
    endsOn: value.ends_on ?? null,
    isOpen: value.is_open,
  };
}
