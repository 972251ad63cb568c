// /api/v1/devices/:id/custom-fields — a device's custom field values.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams } from '@/lib/devices/schemas';
import { ZDeviceCustomFieldValue, ZSetDeviceCustomFields } from '@/lib/custom-fields/schemas';
import { listDeviceCustomFields, setDeviceCustomFields } from '@/lib/custom-fields/device-custom-fields';

const ZValues = z.object({ data: z.array(ZDeviceCustomFieldValue) });

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  summary: 'List a device’s custom field values',
  description: 'Every field that applies to the device (partner-wide and its organization’s), with its value (null when unset) and who set it last (`user`, `api` or `script`).',
  tags: ['Custom fields'],
  response: ZValues,
  handler: ({ ctx, params }) => listDeviceCustomFields(ctx, params.id),
});

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZDeviceIdParams,
  body: ZSetDeviceCustomFields,
  audit: false,
  summary: 'Set a device’s custom field values',
  description: '`values`: field key → value (checked against the field type; null clears). An unknown key or a wrong value fails the whole request with 400 and nothing changes.',
  tags: ['Custom fields'],
  response: ZValues,
  handler: ({ ctx, params, body }) => setDeviceCustomFields(ctx, params.id, body),
});
