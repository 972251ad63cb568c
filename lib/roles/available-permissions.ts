import { PERMISSIONS, ALL_PERMISSIONS } from '@/lib/auth/permissions';

/** GET /roles/permissions/available: the one catalogue, with descriptions, in catalogue order. */
export function listAvailablePermissions() {
  return {
    data: ALL_PERMISSIONS.map((permission) => {
      const [resource, action] = permission.split(':');
      return { permission, description: PERMISSIONS[permission], resource, action };
    }),
  };
}
