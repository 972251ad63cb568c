import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { AppError, badRequest } from '@/lib/http/errors';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { passwordProblems } from '@/lib/auth/password-strength';
import { writeAudit } from '@/lib/audit/write-audit';
import { getMe } from '@/lib/users/get-me';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

export const ZUpdateMe = z
  .object({
    name: z.string().trim().min(1).max(255).optional(),
    currentPassword: z.string().min(1).max(1024).optional(),
    newPassword: z.string().min(1).max(1024).optional(),
  })
  .strict()
  .refine((v) => !v.newPassword || v.currentPassword, { message: 'currentPassword is required to change the password', path: ['currentPassword'] });

export async function updateMe(ctx: UserContext, input: z.output<typeof ZUpdateMe>) {
  decideSelf(ctx, "the signed-in user's own profile");
  if (input.name === undefined && input.newPassword === undefined) throw badRequest('Provide at least one field to update');
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  let passwordHash: string | undefined;
  if (input.newPassword) {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword!))) {
      throw new AppError('INVALID_CREDENTIALS', 400, 'Current password is incorrect');
    }
    const problems = passwordProblems(input.newPassword, { email: user.email, name: user.name });
    if (problems.length) throw badRequest(problems[0], problems.map((message) => ({ path: 'body.newPassword', message })));
    passwordHash = await hashPassword(input.newPassword);
  }
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { ...(input.name ? { name: input.name } : {}), ...(passwordHash ? { passwordHash } : {}) } });
    if (passwordHash) {
      // A password change ends every other sign-in of the account.
      await tx.session.updateMany({ where: { userId: user.id, revokedAt: null, id: { not: ctx.sessionId } }, data: { revokedAt: new Date(), revokedReason: 'password_changed' } });
    }
    await writeAudit(ctx, { action: passwordHash ? 'user.password_change' : 'user.update_profile', targetType: 'user', targetId: user.id }, tx);
  });
  return getMe(ctx);
}
