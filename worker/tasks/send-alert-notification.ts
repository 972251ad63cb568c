import type { Task } from 'graphile-worker';
import { sendAlertNotification, ZSendAlertNotification } from '@/lib/alerts/notify/send-alert-notification';

/** One alert notification to one channel; throwing makes graphile-worker retry with backoff. */
export const sendAlertNotificationTask: Task = async (payload) => {
  await sendAlertNotification(ZSendAlertNotification.parse(payload));
};
