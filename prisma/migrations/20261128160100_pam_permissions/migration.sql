-- The PAM permissions for the built-in roles of partners that already exist, as
-- lib/auth/permissions.ts gives them to new partners.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['pam:read', 'pam:manage']
  WHERE "is_system" AND "name" IN ('Partner Admin', 'Technician', 'Organization Admin') AND NOT ('pam:read' = ANY("permissions"));
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['pam:read']
  WHERE "is_system" AND "name" IN ('Read Only') AND NOT ('pam:read' = ANY("permissions"));
