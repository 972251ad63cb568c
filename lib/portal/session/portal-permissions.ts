// What a portal session may do, as catalogue permissions: the routes under /portal declare these
// and the route wrapper checks them like any other context's. Tenancy (the contact's one
// organization) is applied by every query's `where`, not by this list.
import type { Permission } from '@/lib/auth/permissions';

export const PORTAL_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>(['tickets:read', 'tickets:write', 'devices:read']);
