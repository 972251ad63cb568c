// Mints an invitation token (stored only as its SHA-256), records it and queues the email in
// the caller's transaction, so the email goes out exactly when the invitation commits.
import type { Tx } from '@/lib/db';
import { env } from '@/lib/env';
import { publicUrl } from '@/lib/public-url';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';
import { enqueueEmail } from '@/lib/mail/enqueue-email';

export interface InvitationMail {
  userId: string;
  email: string;
  name: string;
  partnerId: string;
  partnerName: string;
  orgId: string | null;
  orgName: string | null;
  roleName: string;
  inviterName: string;
  invitedById: string | null;
}

export function inviteLink(token: string): string {
  // The token travels in the fragment: browsers never send it to a server or in a Referer.
  return `${publicUrl('/invite')}#token=${token}`;
}

export async function issueInvitation(tx: Tx, mail: InvitationMail): Promise<{ expiresAt: Date }> {
  const token = randomToken(32);
  const ttlHours = env().INVITE_TTL_HOURS;
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  const tokenHash = sha256Hex(token);
  await tx.userInvitation.upsert({
    where: { userId: mail.userId },
    create: { userId: mail.userId, partnerId: mail.partnerId, orgId: mail.orgId, tokenHash, expiresAt, invitedById: mail.invitedById },
    update: { tokenHash, expiresAt, sendCount: { increment: 1 }, lastSentAt: new Date() },
  });
  const where = mail.orgName ? `${mail.orgName} (managed by ${mail.partnerName})` : mail.partnerName;
  const link = inviteLink(token);
  await enqueueEmail(tx, {
    to: mail.email,
    subject: `You are invited to ${mail.partnerName}`,
    text: [
      `Hello ${mail.name},`,
      '',
      `${mail.inviterName} invited you to ${where} as ${mail.roleName}.`,
      '',
      'Choose your password to activate your account:',
      link,
      '',
      `This link works once and expires in ${ttlHours} hours. If you did not expect this invitation, ignore this email.`,
    ].join('\n'),
  });
  return { expiresAt };
}
