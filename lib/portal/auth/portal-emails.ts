// The portal's emails, branded with the portal's name and support contact.
import type { Tx } from '@/lib/db';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';

function supportLines(branding: TPublicBranding): string[] {
  const ways = [branding.support.email, branding.support.phone, branding.support.url].filter(Boolean);
  return ways.length ? ['', `Questions? Contact ${branding.name} support: ${ways.join(' · ')}`] : [];
}

export async function sendPortalInvite(tx: Tx, mail: { to: string; name: string | null; orgName: string; inviterName: string; partnerName: string; branding: TPublicBranding; link: string; ttlHours: number }) {
  await enqueueEmail(tx, {
    to: mail.to,
    subject: `You are invited to ${mail.branding.name}`,
    text: [
      `Hello${mail.name ? ` ${mail.name}` : ''},`,
      '',
      `${mail.inviterName} of ${mail.partnerName} invited you to ${mail.branding.name}, where you can open and follow ${mail.orgName}'s support tickets and see its devices and assets.`,
      '',
      'Choose your password to activate your account:',
      mail.link,
      '',
      `This link works once and expires in ${mail.ttlHours} hours. If you did not expect this invitation, ignore this email.`,
      ...supportLines(mail.branding),
    ].join('\n'),
  });
}

export async function sendPortalReset(tx: Tx, mail: { to: string; name: string | null; branding: TPublicBranding; link: string; ttlMinutes: number }) {
  await enqueueEmail(tx, {
    to: mail.to,
    subject: `Reset your ${mail.branding.name} password`,
    text: [
      `Hello${mail.name ? ` ${mail.name}` : ''},`,
      '',
      `Someone asked to reset the password of your ${mail.branding.name} account. Choose a new password here:`,
      mail.link,
      '',
      `This link works once and expires in ${mail.ttlMinutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
      ...supportLines(mail.branding),
    ].join('\n'),
  });
}
