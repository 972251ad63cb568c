-- The SSO permissions for the built-in roles of partners that already exist, as
-- lib/auth/permissions.ts gives them to new partners.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['sso:read', 'sso:manage']
  WHERE "is_system" AND "name" IN ('Partner Admin', 'Organization Admin') AND NOT ('sso:read' = ANY("permissions"));
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['sso:read']
  WHERE "is_system" AND "name" IN ('Technician', 'Read Only') AND NOT ('sso:read' = ANY("permissions"));
